// The chart renderer proper (vega.ts loads it where the optional chart packages are installed): a Vega-Lite spec
// compiled to Vega, run headless, and drawn by Vega's own SVG string renderer (all data are inline, so the dataflow
// runs synchronously: the same output as `View.toSVG()`, usable by the viewer's synchronous API).
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

interface SvgStringRenderer {
  initialize(el: null, width: number, height: number, origin: [number, number]): SvgStringRenderer;
  background(color: unknown): SvgStringRenderer;
  render(scene: unknown): SvgStringRenderer;
  svg(): string;
}

/** A complete Vega-Lite spec drawn as an SVG document. */
export function renderSvg(spec: Record<string, unknown>): string {
  const view = new vega.View(vega.parse(compile(spec as unknown as TopLevelSpec).spec), { renderer: 'none' });
  try {
    view.run();
    // View.toSVG's headless renderer, sized as vega-view's initializeRenderer does: the laid-out
    // size (axes, legends, titles included) is only kept in these fields (vega pinned exactly).
    const padding = view.padding() as { left: number; right: number; top: number; bottom: number };
    const laidOut = view as unknown as { _viewWidth: number; _viewHeight: number; _origin: [number, number] };
    const renderer = new (vega as unknown as { SVGStringRenderer: new () => SvgStringRenderer }).SVGStringRenderer();
    renderer.initialize(
      null,
      laidOut._viewWidth + padding.left + padding.right,
      laidOut._viewHeight + padding.top + padding.bottom,
      [padding.left + laidOut._origin[0], padding.top + laidOut._origin[1]],
    );
    renderer.background(view.background());
    renderer.render((view.scenegraph() as unknown as { root: unknown }).root);
    return renderer.svg();
  } finally {
    view.finalize();
  }
}
