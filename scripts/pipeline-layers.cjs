// The server's one-way pipeline, bottom to top: a layer may import the layers below it and
// src/shared, never a layer above it (docs/decisions/0022-one-way-pipeline-checked-by-lint.md).
// .dependency-cruiser.cjs turns this list into its rules; the README's architecture sketch is
// tested against it (scripts/lint-boundaries.test.ts), so the two cannot drift.
//
// `folders` are what the README sketch names; `path` is the regular expression dependency-cruiser
// matches module paths with.

/** @typedef {{ name: string, folders: string[], path: string, note: string }} Layer */

/** @type {Layer[]} */
const LAYERS = [
  {
    name: 'core',
    folders: [
      'src/server/config.ts',
      'src/server/logger.ts',
      'src/server/errors.ts',
      'src/server/fresh-reading.ts',
      'src/server/event-loop.ts',
      'src/server/probes',
    ],
    path: '^src/server/((config|logger|errors|fresh-reading|event-loop)[.]ts$|probes/)',
    note: 'settings, logging, error classes, small shared mechanisms, the production probe contracts',
  },
  {
    name: 'db',
    folders: ['src/server/db'],
    path: '^src/server/db/',
    note: 'schema, migrations, the database',
  },
  { name: 'chain', folders: ['src/server/chain'], path: '^src/server/chain/', note: 'RPC clients, liveness' },
  { name: 'venues', folders: ['src/server/venues'], path: '^src/server/venues/', note: 'one module per DEX' },
  { name: 'indexer', folders: ['src/server/indexer'], path: '^src/server/indexer/', note: 'logs into rows' },
  { name: 'facts', folders: ['src/server/facts'], path: '^src/server/facts/', note: 'I/O: what a token is' },
  {
    name: 'analysis',
    folders: ['src/server/analysis'],
    path: '^src/server/analysis/',
    note: 'pure judgement',
  },
  { name: 'engine', folders: ['src/server/engine'], path: '^src/server/engine/', note: 'cache, reports' },
  {
    name: 'domain tools',
    folders: [
      'src/server/yield',
      'src/server/pump',
      'src/server/portfolio',
      'src/server/airdrops',
      'src/server/alerts',
      'src/server/trader-tools',
      'src/server/auth',
      'src/server/candles',
      'src/server/search',
      'src/server/badge',
    ],
    path: '^src/server/(yield|pump|portfolio|airdrops|alerts|trader-tools|auth|candles|search|badge)/',
    note: 'side by side: none imports another',
  },
  { name: 'jobs', folders: ['src/server/jobs'], path: '^src/server/jobs/', note: 'background loops' },
  { name: 'api', folders: ['src/server/api'], path: '^src/server/api/', note: 'HTTP' },
  {
    name: 'composition',
    folders: [
      'src/server/runtime.ts',
      'src/server/roles.ts',
      'src/server/main.ts',
      'src/server/start-progress.ts',
      'src/cli',
      'src/server/localchain',
      'src/server/replica',
    ],
    path: '^src/(server/(runtime|roles|main|start-progress)[.]ts$|server/(localchain|replica)/|cli/)',
    note: 'entry points and the dev side',
  },
];

/** The domain tools, each its own folder: they sit side by side and import none of the others. */
const DOMAIN_TOOLS = [
  'yield',
  'pump',
  'portfolio',
  'airdrops',
  'alerts',
  'trader-tools',
  'auth',
  'candles',
  'search',
  'badge',
];

module.exports = { LAYERS, DOMAIN_TOOLS };
