// Figures as SVG and PNG without a browser. The charts' packages (vega, vega-lite, and @resvg/resvg-js for PNG) are
// optional: ctxbench does not install them. Where they are, charts are drawn (vega-render.ts) and PNG comes from the
// SVG through resvg (a prebuilt binary, no canvas); where they are not, a chart figure shows its table, or says how to
// install them, and everything else works.
import { createRequire } from 'node:module';
import { installCommand, isMissingPackage } from '../../util/optional.ts';
import type { Figure } from './types.ts';

const CHART_PACKAGES = ['vega', 'vega-lite', '@resvg/resvg-js'] as const;

/** Why a chart is missing, and the command that installs what draws it. */
export const CHARTS_MISSING =
  'chart not drawn: it needs the optional packages vega, vega-lite and @resvg/resvg-js ' +
  `(${installCommand(CHART_PACKAGES)})`;

// Loaded once, with the report stage, so that drawing stays synchronous (the viewer's API answers synchronously).
const renderer = await import('./vega-render.ts').catch((error: unknown) => {
  if (isMissingPackage(error, CHART_PACKAGES)) return null;
  throw error;
});

/** Whether charts can be drawn here. */
export const chartsAvailable = renderer !== null;

const FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif';

const CONFIG = {
  font: FONT,
  background: 'white',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 220 },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 260 },
  title: { fontSize: 14, anchor: 'start' },
};

/** A complete Vega-Lite spec (typed as vega-lite's `TopLevelSpec` where drawn: vega-lite is an optional package). */
export type VegaLiteSpec = Record<string, unknown>;

/**
 * The complete Vega-Lite spec of a chart figure: its chart with a copy of its data inline (Vega tags the objects it is
 * given).
 */
export function vegaLiteSpec(figure: Figure): VegaLiteSpec {
  if (!figure.chart) throw new Error(`figure ${figure.id} has no chart`);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: CONFIG,
    ...figure.chart,
    data: { values: figure.data.map((record) => ({ ...record })) },
  };
}

/** The chart of a figure as an SVG document; null where the chart packages are not installed. */
export function figureSvg(figure: Figure): string | null {
  return renderer ? renderer.renderSvg(vegaLiteSpec(figure)) : null;
}

// Loaded on first use: the native module is only needed when PNG files are asked for.
const require = createRequire(import.meta.url);
type ResvgModule = typeof import('@resvg/resvg-js');
let resvg: ResvgModule | null = null;

/** An SVG document rendered to PNG (2x for print), with the system's fonts; null without resvg. */
export function svgToPng(svg: string): Buffer | null {
  try {
    resvg ??= require('@resvg/resvg-js') as ResvgModule;
  } catch (error) {
    if (isMissingPackage(error, CHART_PACKAGES)) return null;
    throw error;
  }
  const image = new resvg.Resvg(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return image.render().asPng();
}
