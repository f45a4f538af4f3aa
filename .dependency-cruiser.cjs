// The stage boundaries (docs/ARCHITECTURE.md, "Stages import only downward"), checked by dependency-cruiser in
// `npm test` (test/architecture/imports.test.ts): each stage imports only the stages before it in STAGES, only through
// their `index.ts`, `util` imports no stage, and no file cycle, type-only imports included. Run it alone:
//   npx depcruise src
/** The pipeline's stages, in import order: a stage may import the ones before it. */
const STAGES = ['languages', 'index', 'datasets', 'tasks', 'review', 'context', 'runstore', 'models', 'metrics', 'exec', 'queue', 'report', 'web', 'plugins', 'cli'];

const laterStages = STAGES.map((stage, rank) => ({
  name: `stage-order-${stage}`,
  comment: `${stage} imports a later stage (the order: ${STAGES.join(' <- ')})`,
  severity: 'error',
  from: { path: `^src/${stage}/` },
  to: { path: `^src/(${STAGES.slice(rank + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...laterStages.filter((rule) => rule.to.path !== '^src/()/'),
    {
      name: 'stage-interface',
      comment: "another stage's file imported past its index.ts (a stage's interface is its index.ts)",
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$', '^src/util/'] },
    },
    {
      name: 'util-imports-no-stage',
      comment: 'util is below every stage',
      severity: 'error',
      from: { path: '^src/util/' },
      to: { path: '^src/', pathNot: '^src/util/' },
    },
    {
      name: 'stage-imports-no-root',
      comment: 'the package root (src/index.ts) is the curated library API; a stage imports the stage itself',
      severity: 'error',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/index\\.ts$' },
    },
    {
      name: 'known-stage',
      comment: 'a folder of src that is not a stage: add it to STAGES (.dependency-cruiser.cjs) and to docs/ARCHITECTURE.md',
      severity: 'error',
      from: {},
      to: { path: '^src/[^/]+/', pathNot: [`^src/(${STAGES.join('|')}|util)/`] },
    },
    { name: 'no-circular', comment: 'a cycle of imports', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // the viewer's browser scripts are bundled on their own (src/web/static)
    exclude: { path: '^src/web/static/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
