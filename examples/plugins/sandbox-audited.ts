// A sandbox: bubblewrap as ctxbench configures it, plus an audit trail: every command, its exit
// code and its time are appended to the file named by CTXBENCH_AUDIT_LOG (default exec-audit.log).
// A sandbox can also be a different isolation (a container, a VM): implement check, identity,
// treePath and run; `confined: false` makes `exec` warn that candidates run unsandboxed.
// Use: ctxbench exec runs/x --env env.yaml --sandbox bwrap-audited --plugin examples/plugins/sandbox-audited.ts
import { appendFileSync } from 'node:fs';
import { definePlugin, SANDBOXES, type Sandbox } from 'ctxbench';

const bwrap = (): Sandbox => SANDBOXES.get('bwrap');

export default definePlugin({
  name: 'audited sandbox',
  sandboxes: [
    {
      name: 'bwrap-audited',
      description: 'bwrap, with every command appended to $CTXBENCH_AUDIT_LOG',
      confined: true,
      check: () => bwrap().check(),
      identity: () => bwrap().identity(),
      treePath: (tree) => bwrap().treePath(tree),
      async run(run) {
        const outcome = await bwrap().run(run);
        const line = JSON.stringify({ command: run.command, exitCode: outcome.exitCode, timedOut: outcome.timedOut, ms: outcome.ms });
        appendFileSync(process.env.CTXBENCH_AUDIT_LOG ?? 'exec-audit.log', `${line}\n`);
        return outcome;
      },
    },
  ],
});
