// An agent tool for eval's agent mode: the functions a file of the repository defines (lines and qualified name),
// read from the repository's index through the task's workspace, so it shows only what the task may show.
// Use: ctxbench eval tasks.jsonl --model openai:chat:<model> --context agent --agent-tools open,grep,symbols \
//        --plugin examples/plugins/agent-tool-symbols.ts --run runs/agent-symbols
import { definePlugin } from 'ctxbench';

export default definePlugin({
  name: 'symbols agent tool',
  agentTools: [
    {
      name: 'symbols',
      description: 'The functions a file of the repository defines, one per line: first-last line and qualified name.',
      parameters: { path: { type: 'string', description: 'a file of the repository' } },
      required: ['path'],
      async run(args, workspace) {
        const path = workspace.checkedPath(args.path);
        const defined = (await workspace.functions()).filter((fn) => fn.path === path);
        return defined.map((fn) => `${fn.startLine}-${fn.endLine} ${fn.qualifiedName}`).join('\n') || `no function in ${path}`;
      },
    },
  ],
});
