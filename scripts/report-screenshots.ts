// Screenshots of the HTML report of each preset for docs/report.md, at 1,280 px, from the demo's runs:
//   npx ctxbench demo --out /tmp/demo
//   node --import tsx scripts/report-screenshots.ts /tmp/demo/runs docs/img
// A page wider than the window is refused rather than photographed.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { cli } from '../test/capture-cli.ts';
import { launchChromium } from '../test/fixtures/web/browser.ts';

/** The demo's runs each preset is shown with. */
const PRESET_RUNS: Record<string, string[]> = {
  yabloco: ['function-reference', 'function-copy-retrieved'],
  cceval: ['crossfile-infile', 'crossfile-bm25'],
  m2rc: ['node-jaccard'],
};
const HEIGHT = 2400;

async function main(): Promise<void> {
  const [runsDir, outDir] = process.argv.slice(2);
  if (!runsDir || !outDir) {
    console.error('usage: node --import tsx scripts/report-screenshots.ts DEMO_RUNS_DIR OUTDIR');
    process.exitCode = 2;
    return;
  }
  mkdirSync(resolve(outDir), { recursive: true });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const [preset, runs] of Object.entries(PRESET_RUNS)) {
      const html = join(tmpdir(), `ctxbench-report-${preset}.html`);
      const result = await cli([
        'report',
        ...runs.map((run) => join(runsDir, run)),
        '--preset',
        preset,
        '--html',
        '--out',
        html,
      ]);
      if (result.code !== 0) throw new Error(result.stderr);
      await page.goto(`file://${html}`);
      const [scrollWidth, height] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.scrollHeight,
      ]);
      if (scrollWidth > 1280) throw new Error(`${preset}: the page is ${scrollWidth} px wide at 1,280 px`);
      const file = join(outDir, `report-${preset}.png`);
      await page.screenshot({
        path: file,
        fullPage: true,
        clip: { x: 0, y: 0, width: 1280, height: Math.min(HEIGHT, height) },
      });
      console.log(`${file}: ${preset}, ${runs.join(' + ')}, page ${height} px tall`);
    }
  } finally {
    await browser.close();
  }
}

await main();
