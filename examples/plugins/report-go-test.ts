// A test-report format: `go test -v` output, `--- PASS: TestName (0.01s)`, `--- FAIL: ...`,
// `--- SKIP: ...`, subtests indented (`TestDiv/by_zero`). An environment file then names it:
//   test: go test -v ./... -run '{tests}'
//   report: { format: go-test }
// and `exec` grades each selected test by its own line, as for the built-in formats.
// Use: ctxbench exec runs/x --env go-env.yaml --plugin examples/plugins/report-go-test.ts
import { definePlugin, recordOutcome, type TestReport } from 'ctxbench';

const STATUS = { PASS: 'pass', FAIL: 'fail', SKIP: 'skip' } as const;

export default definePlugin({
  name: 'go test -v reports',
  reportParsers: [
    {
      name: 'go-test',
      description: '`go test -v`: `--- PASS: TestName (0.01s)`, FAIL and SKIP lines, subtests as TestName/sub',
      parse(text) {
        const report: TestReport = new Map();
        for (const match of text.matchAll(/^[ \t]*--- (PASS|FAIL|SKIP): (\S+)/gm)) recordOutcome(report, match[2]!, STATUS[match[1] as keyof typeof STATUS]);
        return report;
      },
    },
  ],
});
