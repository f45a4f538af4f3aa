// ctxbench's library API: every pipeline stage, in pipeline order. Scripts can do what the CLI does.
export * from './languages/index.ts';
export * from './index/index.ts';
export * from './tasks/index.ts';
export * from './datasets/index.ts';
export * from './review/index.ts';
export * from './context/index.ts';
export * from './runstore/index.ts';
export * from './models/index.ts';
export * from './metrics/index.ts';
export * from './exec/index.ts';
export * from './queue/index.ts';
export * from './report/index.ts';
export * from './web/index.ts';
// the plugin API: `export default definePlugin({ retrievers, backends, metrics, templates, sandboxes, figures })`
export { definePlugin, loadPlugin, loadPlugins, type CtxbenchPlugin } from './plugins/index.ts';
export { InputError } from './util/errors.ts';
export { Registry } from './util/registry.ts';
