// The agent's repository tools on a fixture written for them (test/fixtures/repos/agent-c): each tool's exact
// answer, the paths they refuse, and that no tool shows the task's answer (the hole of report_area).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  AGENT_TOOLS,
  AgentToolError,
  AgentWorkspace,
  HOLE_MARK,
  taskView,
  toolAnswer,
} from '../../src/context/agent-tools.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { agentFixture } from '../agent-fixture.ts';

/** The fixture's report_area task and its workspace. */
async function workspace(): Promise<{ task: TaskRecord; workspace: AgentWorkspace; root: string }> {
  const { task, root } = await agentFixture();
  return { task, workspace: new AgentWorkspace(task), root };
}

const answer = async (name: string, args: Record<string, unknown>, space: AgentWorkspace) =>
  toolAnswer(await AGENT_TOOLS.get(name).run(args, space));
const run = async (name: string, args: Record<string, unknown>, space: AgentWorkspace) =>
  (await answer(name, args, space)).text;

test("agent tools: each tool's answer on the fixture, the hole's file shown as the task shows it", async () => {
  const { task, workspace: space } = await workspace();
  assert.deepEqual(
    task.oracle?.map((snippet) => snippet.name),
    ['rect_area', 'scale_length'],
  );
  assert.equal(
    taskView(task),
    `${task.prefix}void report_area(const char *label, const struct rect *r)\n${HOLE_MARK}${task.suffix}`,
  );
  assert.equal(await run('list', {}, space), 'include/\nsrc/');
  assert.equal(await run('list', { path: 'src' }, space), 'report.c\nscale.c\nshapes.c');
  assert.equal(
    await run('open', { path: 'src/report.c' }, space),
    [
      'src/report.c lines 1-7 of 7',
      '1: #include <stdio.h>',
      '2: #include "shapes.h"',
      '3: #include "scale.h"',
      '4: ',
      '5: /* Prints a rectangle\'s area under a label ("rect" when none is given) and the unit factor. */',
      '6: void report_area(const char *label, const struct rect *r)',
      `7: ${HOLE_MARK}`,
    ].join('\n'),
  );
  assert.equal(
    await run('open', { path: 'src/scale.c', start: 3, end: 5 }, space),
    'src/scale.c lines 3-5 of 9\n3: /* Scales a length from inches to centimetres by the unit factor. */\n4: double ' +
      'scale_length(double length)\n5: {',
  );
  assert.equal(
    await run('grep', { pattern: 'scale_length' }, space),
    [
      'include/scale.h:6: double scale_length(double length);',
      'src/scale.c:4: double scale_length(double length)',
      'src/shapes.c:7:     double scaled_w = scale_length(r->width);',
      'src/shapes.c:8:     double scaled_h = scale_length(r->height);',
    ].join('\n'),
  );
  assert.equal(
    await run('grep', { pattern: 'rect_area', path: 'src' }, space),
    'src/shapes.c:5: double rect_area(const struct rect *r)',
  );
  assert.equal(
    await run('definition', { name: 'scale_length' }, space),
    'src/scale.c:4-8 scale_length\ndouble scale_length(double length)\n{\n    double factor = UNIT_FACTOR;\n    ' +
      'return length * factor;\n}',
  );
  assert.equal(
    await run('definition', { name: 'report_area' }, space),
    'src/report.c:6-11 report_area (the code to write is in it: open src/report.c to see it as the task shows ' +
      'it)\nvoid report_area(const char *label, const struct rect *r)',
  );
  assert.equal(
    await run('definition', { name: 'missing_fn' }, space),
    'no function named missing_fn in the repository',
  );
  assert.equal(await run('callers', { name: 'scale_length' }, space), 'src/shapes.c:5 rect_area');
  const search = await run('search', { query: 'double factor UNIT_FACTOR' }, space);
  assert.equal(
    search.split('\n\n')[0],
    'src/scale.c:1-8\n#include "scale.h"\n/* Scales a length from inches to centimetres by the unit factor. ' +
      '*/\ndouble scale_length(double length)\n{\n    double factor = UNIT_FACTOR;\n    return length * factor;\n}',
  );
  assert.equal(await run('search', { query: 'nothing_like_this' }, space), 'no match');
  // the files each answer showed (the trace records them: the report's recall of the oracle's files)
  assert.deepEqual((await answer('grep', { pattern: 'scale_length' }, space)).files, [
    'include/scale.h',
    'src/scale.c',
    'src/shapes.c',
  ]);
  assert.deepEqual((await answer('open', { path: 'src/scale.c' }, space)).files, ['src/scale.c']);
  assert.deepEqual((await answer('definition', { name: 'rect_area' }, space)).files, ['src/shapes.c']);
  assert.deepEqual((await answer('list', {}, space)).files, []);
  assert.deepEqual((await answer('callers', { name: 'scale_length' }, space)).files, []);
});

test("agent tools: no tool shows the answer: the hole's lines, its function's calls, dot folders (history, the index) and paths outside", async () => {
  const { task, workspace: space, root } = await workspace();
  const answerLines = ['label = "rect";', 'printf("%s: %f (unit %f)\\n", label, rect_area(r), scale_length(1.0));'];
  for (const line of answerLines) assert.ok(task.reference.includes(line), line);
  const probes: [string, Record<string, unknown>][] = [
    ['open', { path: 'src/report.c' }],
    ['open', { path: 'src/report.c', start: task.span.startLine, end: task.span.endLine }],
    ['grep', { pattern: 'label = ' }],
    ['grep', { pattern: 'unit %f' }],
    ['grep', { pattern: 'rect_area(r)', path: 'src/report.c' }],
    ['search', { query: task.reference }],
    ['definition', { name: 'report_area' }],
    ['callers', { name: 'rect_area' }],
    ['callers', { name: 'printf' }],
    ['list', { path: 'src' }],
  ];
  for (const [name, args] of probes) {
    const answer = await run(name, args, space);
    for (const line of answerLines)
      assert.ok(!answer.includes(line), `${name} ${JSON.stringify(args)} shows '${line}':\n${answer}`);
  }
  // the only other copy of the answer is in a dot folder: neither listed, read nor searched
  assert.equal(await run('grep', { pattern: 'unit %f' }, space), 'no match');
  assert.equal(await run('callers', { name: 'rect_area' }, space), 'no caller of rect_area in the repository');
  symlinkSync('/etc', join(root, 'src', 'outside'));
  // a named pipe would never end a read: refused like a folder
  execFileSync('mkfifo', [join(root, 'src', 'pipe.c')]);
  assert.equal((await run('grep', { pattern: 'scale_length', path: 'src' }, space)).split('\n').length, 3);
  for (const [args, message] of [
    [{ path: '.notes/secret.txt' }, /not visible \(dot files and folders are not shown\)/],
    [{ path: '.ctxbench/index.db' }, /not visible/],
    [{ path: '../agent-c/src/scale.c' }, /not a path inside the repository/],
    [{ path: '/etc/passwd' }, /not a path inside the repository/],
    [{ path: 'src/outside/passwd' }, /leads outside the repository/],
    [{ path: 'src/none.c' }, /no such file or folder: src\/none.c/],
    [{ path: 'src' }, /is a folder, a binary file or over/],
    [{ path: 'src/pipe.c' }, /is a folder, a binary file or over/],
  ] as const) {
    await assert.rejects(
      run('open', args, space),
      (error: Error) => error instanceof AgentToolError && message.test(error.message),
    );
  }
  await assert.rejects(run('grep', { pattern: '' }, space), /argument 'pattern' must be a non-empty string/);
  await assert.rejects(run('open', { path: 'src/scale.c', start: 0 }, space), /argument 'start' must be a line number/);
  // arguments are bounded: the model's own text is never echoed back at any length
  await assert.rejects(run('definition', { name: 'x'.repeat(5000) }, space), /argument 'name' is over 2000 characters/);
  await assert.rejects(run('open', { path: 'x'.repeat(5000) }, space), /path is over 2000 characters/);
});

test("agent tools: other names of the hole's file (symbolic and hard links, a linked folder) show the task's view, a link into a dot folder is refused, an unreadable folder is skipped", async () => {
  const { task, root } = await workspace();
  symlinkSync('report.c', join(root, 'src', 'alias.c'));
  symlinkSync('src', join(root, 'lib'));
  linkSync(join(root, 'src', 'report.c'), join(root, 'src', 'hard.c'));
  symlinkSync('.notes', join(root, 'notes'));
  const space = new AgentWorkspace(task);
  const view = await run('open', { path: 'src/report.c' }, space);
  for (const alias of ['src/alias.c', 'lib/report.c', 'src/hard.c'])
    assert.equal(await run('open', { path: alias }, space), view.replace(/^src\/report\.c/, alias), alias);
  assert.equal(await run('grep', { pattern: 'unit %f' }, space), 'no match');
  const hits = await answer('search', { query: 'label rect printf unit scale_length' }, space);
  assert.ok(!hits.files.includes('src/hard.c') && !hits.text.includes('unit %f'), hits.text);
  await assert.rejects(
    run('open', { path: 'notes/secret.txt' }, space),
    /is not visible \(it leads into a dot folder\)/,
  );
  // a folder whose name is not UTF-8 cannot be listed by its decoded name: grep and list go on without it
  mkdirSync(Buffer.concat([Buffer.from(`${root}/src/b`), Buffer.from([0xff]), Buffer.from('d')]));
  assert.equal((await run('grep', { pattern: 'scale_length', path: 'src' }, space)).split('\n').length, 3);
});
