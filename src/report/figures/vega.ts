// Figures as SVG and PNG without a browser: the Vega-Lite spec is compiled to Vega, run headless,
// and drawn by Vega's own SVG string renderer (all data are inline, so the dataflow runs
// synchronously: the same output as `View.toSVG()`, usable by the viewer's synchronous API). PNG
// comes from the SVG through resvg (a prebuilt binary, no canvas).
import { createRequire } from 'node:module';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { Figure } from './types.ts';

const FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif';

const CONFIG = {
  font: FONT,
  background: 'white',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 220 },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 260 },
  title: { fontSize: 14, anchor: 'start' },
};

/** The complete Vega-Lite spec of a chart figure: its chart with a copy of its data inline (Vega tags the objects it is given). */
export function vegaLiteSpec(figure: Figure): TopLevelSpec {
  if (!figure.chart) throw new Error(`figure ${figure.id} has no chart`);
  return { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', config: CONFIG, ...figure.chart, data: { values: figure.data.map((record) => ({ ...record })) } } as TopLevelSpec;
}

interface SvgStringRenderer {
  initialize(el: null, width: number, height: number, origin: [number, number]): SvgStringRenderer;
  background(color: unknown): SvgStringRenderer;
  render(scene: unknown): SvgStringRenderer;
  svg(): string;
}

/** The chart of a figure as an SVG document. */
export function figureSvg(figure: Figure): string {
  const view = new vega.View(vega.parse(compile(vegaLiteSpec(figure)).spec), { renderer: 'none' });
  try {
    view.run();
    // View.toSVG's headless renderer, sized as vega-view's initializeRenderer does: the laid-out
    // size (axes, legends, titles included) is only kept in these fields (vega pinned exactly).
    const padding = view.padding() as { left: number; right: number; top: number; bottom: number };
    const laidOut = view as unknown as { _viewWidth: number; _viewHeight: number; _origin: [number, number] };
    const renderer = new (vega as unknown as { SVGStringRenderer: new () => SvgStringRenderer }).SVGStringRenderer();
    renderer.initialize(null, laidOut._viewWidth + padding.left + padding.right, laidOut._viewHeight + padding.top + padding.bottom, [padding.left + laidOut._origin[0], padding.top + laidOut._origin[1]]);
    renderer.background(view.background());
    renderer.render((view.scenegraph() as unknown as { root: unknown }).root);
    return renderer.svg();
  } finally {
    view.finalize();
  }
}

// Loaded on first use: the native module is only needed when PNG files are asked for.
const require = createRequire(import.meta.url);
type ResvgModule = typeof import('@resvg/resvg-js');
let resvg: ResvgModule | null = null;

/** An SVG document rendered to PNG (2x for print), with the system's fonts. */
export function svgToPng(svg: string): Buffer {
  resvg ??= require('@resvg/resvg-js') as ResvgModule;
  const image = new resvg.Resvg(svg, { fitTo: { mode: 'zoom', value: 2 }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' } });
  return image.render().asPng();
}
