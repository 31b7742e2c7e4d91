// The import boundaries `npm run lint` checks (ADR 0022): the server's one-way pipeline from
// scripts/pipeline-layers.cjs (one rule per layer: it may not import any layer above it), the
// domain tools side by side, the web app on src/shared only, the dev chain and the replica kept out
// of the app, and no import circle anywhere.
//
// Tests (*.test.ts, *.int.test.ts, src/server/test-support/) may import across layers where they need to
// (an API test starts a local chain; a venue test decodes through the indexer): the layer rules skip
// them. The circle rule does not.
const { LAYERS, DOMAIN_TOOLS } = require('./scripts/pipeline-layers.cjs');

const TESTS = '[.](int[.])?test[.]tsx?$|^src/server/test-support/';
const any = (paths) => paths.map((p) => `(${p})`).join('|');

/** Layer i may not import layers i+1… (nor the dev chain or replica, unless it is composition). */
const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `pipeline-${layer.name.replace(/ /g, '-')}`,
  comment: `${layer.name} (${layer.note}) imports only the layers below it: not ${LAYERS.slice(i + 1)
    .map((l) => l.name)
    .join(', ')}.`,
  severity: 'error',
  from: { path: layer.path, pathNot: TESTS },
  to: { path: any(LAYERS.slice(i + 1).map((l) => l.path)) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'domain-tools-side-by-side',
      comment:
        'A domain tool imports the engine and the layers below it, never another domain tool: what two tools share belongs lower down.',
      severity: 'error',
      from: { path: `^src/server/(${DOMAIN_TOOLS.join('|')})/`, pathNot: TESTS },
      to: { path: `^src/server/(${DOMAIN_TOOLS.join('|')})/`, pathNot: '^src/server/$1/' },
    },
    {
      name: 'analysis-is-pure',
      comment:
        'Analysers are pure functions (facts) => result (DESIGN §1.5): they import src/shared, each other and the fact types, nothing with I/O.',
      severity: 'error',
      from: { path: '^src/server/analysis/', pathNot: TESTS },
      to: { path: '^src/', pathNot: '^src/(shared|server/analysis)/|^src/server/facts/types[.]ts$' },
    },
    {
      name: 'analysis-takes-fact-types-only',
      comment:
        'The analysis layer takes the fact types as types (`import type`): no code of the facts layer runs in it.',
      severity: 'error',
      from: { path: '^src/server/analysis/', pathNot: TESTS },
      to: { path: '^src/server/facts/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'analysis-without-node-io',
      comment: 'No Node.js built-in (file system, network, processes) in the analysis layer.',
      severity: 'error',
      from: { path: '^src/server/analysis/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'routes-never-import-routes',
      comment:
        'What two routes share is API plumbing (api/*.ts) or a domain module, never another route file.',
      severity: 'error',
      from: { path: '^src/server/api/routes/', pathNot: TESTS },
      to: { path: '^src/server/api/routes/' },
    },
    {
      name: 'routes-hold-no-queries',
      comment:
        'Route files are thin: parameters in, a domain call, the answer out. Queries belong to the domain modules.',
      severity: 'error',
      from: { path: '^src/server/api/routes/', pathNot: TESTS },
      to: { path: '^src/server/db/schema|(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'localchain-only-from-runtime',
      comment:
        'The app reaches the dev chain through runtime.ts (main.ts composes runtime); the replica builds on it. Nothing else imports localchain/.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: `${TESTS}|^src/server/(runtime|main)[.]ts$|^src/server/(localchain|replica)/`,
      },
      to: { path: '^src/server/localchain/' },
    },
    {
      name: 'replica-never-in-the-app',
      comment: 'The Base replica is for tests, `npm run replica` and the bench: nothing in src/ imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: `${TESTS}|^src/server/replica/` },
      to: { path: '^src/server/replica/' },
    },
    {
      name: 'test-support-only-in-tests',
      comment:
        'src/server/test-support/ (report fixtures, the saved-scenario runtime) is for tests: no product code imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^src/server/test-support/' },
    },
    {
      name: 'composition-is-the-top',
      comment:
        'Entry points import the pipeline; the CLI, the dev chain and the replica do not import the API.',
      severity: 'error',
      from: { path: '^src/(cli|server/(localchain|replica))/', pathNot: TESTS },
      to: { path: '^src/server/(api/|runtime[.]ts$|main[.]ts$)' },
    },
    {
      name: 'shared-imports-only-shared',
      comment: 'src/shared is used by server and browser alike: it imports nothing else of ours.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'web-imports-only-web-and-shared',
      comment:
        'The browser app talks to the server over HTTP only; types and rules it shares live in src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/', pathNot: '^src/(web|shared)/' },
    },
    {
      name: 'server-not-from-web',
      comment: 'Nothing outside src/web imports the web app.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/web/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'no-circular',
      comment:
        "No import circle, within a layer or across layers: every module has a place in one order. A lazy import() is not part of a circle: it loads later, on demand (the web app's page registry lazy-loads pages whose links prefetch through it).",
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    // Packages and Node's built-ins are leaves: seen (the analysis rule looks for built-ins), not followed.
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a type from a layer above is as much a dependency on it as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
