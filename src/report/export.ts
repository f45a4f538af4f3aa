// Writes each figure of a report as files: charts as SVG, PNG and their Vega-Lite spec, tables as
// LaTeX, and every figure's aggregated data as JSON.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { figureSvg, svgToPng, vegaLiteSpec } from './figures/vega.ts';
import type { Figure } from './figures/types.ts';
import { InputError } from '../util/errors.ts';
import { writeFileAtomic } from '../util/jsonl.ts';
import { figureLatex } from './latex.ts';

/** Writes the files of every figure into `dir` (created when missing); returns the file names. */
export function writeFigureFiles(figures: Figure[], dir: string): string[] {
  const written: string[] = [];
  const failed = (error: unknown): never => {
    throw new InputError(`cannot write the figures there: ${(error as Error).message}`, { field: '--figures' });
  };
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    failed(error);
  }
  const write = (name: string, content: string | Buffer) => {
    try {
      // all or nothing per file: a reader never sees half a figure
      writeFileAtomic(join(dir, name), content);
    } catch (error) {
      failed(error);
    }
    written.push(name);
  };
  for (const figure of figures) {
    write(
      `${figure.id}.json`,
      `${JSON.stringify(
        { id: figure.id, kind: figure.kind, title: figure.title, caption: figure.caption, data: figure.data },
        null,
        2,
      )}\n`,
    );
    if (figure.chart) {
      // the spec needs no chart package; the drawings are left out where those are not installed
      write(`${figure.id}.vl.json`, `${JSON.stringify(vegaLiteSpec(figure), null, 2)}\n`);
      const svg = figureSvg(figure);
      if (svg !== null) write(`${figure.id}.svg`, svg);
      const png = svg === null ? null : svgToPng(svg);
      if (png !== null) write(`${figure.id}.png`, png);
    }
    if (figure.table) write(`${figure.id}.tex`, figureLatex(figure));
  }
  return written;
}
