// Screenshots of the viewer's main pages for docs/viewer.md, made from the sample runs of the
// tests: `node --import tsx scripts/screenshots.ts OUTDIR`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from '../test/fixtures/web/browser.ts';
import { createSampleRun } from '../test/fixtures/web/sample.ts';
import { startViewer } from '../src/web/server.ts';

const PAGES: { name: string; hash: string; ready: string; action?: string }[] = [
  { name: 'list', hash: '#/run/oracle', ready: '.vt-row' },
  {
    name: 'task-diff',
    hash: `#/run/oracle/task/${encodeURIComponent('kvstore/src/store.c:store_put')}/0?view=diff`,
    ready: '.diff .dl',
  },
  {
    name: 'task-file',
    hash: `#/run/oracle/task/${encodeURIComponent('kvstore/src/store.c:store_find')}/0?view=file`,
    ready: 'mark.hole',
  },
  { name: 'summary', hash: '#/run/oracle/summary', ready: '.report' },
  { name: 'progress', hash: '#/run/oracle/progress', ready: '#count-passed' },
  { name: 'compare', hash: '#/compare/oracle/infile', ready: '.transitions' },
  {
    name: 'compare-task',
    hash: `#/compare/oracle/infile/task/${encodeURIComponent('strlib/lib/str.c:str_dup')}/0/0?view=diff`,
    ready: '#pane-1 .diff',
  },
];

async function main(): Promise<void> {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node --import tsx scripts/screenshots.ts OUTDIR');
    process.exitCode = 2;
    return;
  }
  mkdirSync(resolve(outDir), { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-screens-'));
  createSampleRun(join(scratch, 'oracle'), 'oracle');
  createSampleRun(join(scratch, 'infile'), 'infile');
  const viewer = await startViewer([join(scratch, 'oracle'), join(scratch, 'infile')], { port: 0 });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    for (const shot of PAGES) {
      await page.goto(`${viewer.url}${shot.hash}`);
      await page.waitForSelector(shot.ready);
      await page.waitForTimeout(150);
      const file = join(resolve(outDir), `viewer-${shot.name}.png`);
      await page.screenshot({ path: file, fullPage: shot.name !== 'list' });
      console.log(`wrote ${file}`);
    }
  } finally {
    await browser.close();
    await viewer.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
