/**
 * The server's architecture, checked by `npm run lint` (dependency-cruiser) and proven rule by rule in
 * tests/integration/platform/architecture.test.ts:
 * - platform/ holds what features share and imports no feature (nor what composes them);
 * - a feature imports another feature only through that feature's index.ts, and never the compositions;
 * - no import cycles between files, nor between features;
 * - the API's entry never reaches a job processor, the worker's entry never reaches a route: what one asks of the
 *   other goes through the queue.
 */
const FEATURES = '^server/src/features/';
const COMPOSITIONS = '^server/src/(api|worker|entry|seed|backup|cli)/';
const JOB = '^server/src/.*/(jobs|[^/]+-job)\\.ts$';
const ROUTE = '^server/src/.*/(routes|[^/]+-routes)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-feature',
      comment: 'platform/ is what features share: it may not know any feature, nor what composes them.',
      severity: 'error',
      from: { path: '^server/src/platform/' },
      to: { path: [FEATURES, COMPOSITIONS] },
    },
    {
      name: 'feature-through-index',
      comment: "A feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^server/src/features/([^/]+)/' },
      to: { path: FEATURES, pathNot: ['^server/src/features/$1/', '^server/src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'feature-imports-no-composition',
      comment: 'api/, worker/, entry/, seed/, backup/ and cli/ put features together; no feature imports them.',
      severity: 'error',
      from: { path: FEATURES },
      to: { path: COMPOSITIONS },
    },
    {
      name: 'no-cycle',
      comment: 'A cycle means neither module can be read, tested or moved alone.',
      severity: 'error',
      from: { path: '^(server|contracts)/src/' },
      to: { circular: true },
    },
    {
      name: 'no-feature-cycle',
      comment: 'Features that need each other both ways are one feature, or share something that belongs to neither.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/features/[^/]+$' },
      to: { path: '^server/src/features/[^/]+$', circular: true },
    },
    {
      name: 'api-starts-no-job',
      comment: 'The API entry never reaches a job processor: what it asks of the worker goes through the queue.',
      severity: 'error',
      from: { path: '^server/src/entry/api\\.ts$' },
      to: { path: JOB, reachable: true },
    },
    {
      name: 'worker-serves-no-route',
      comment: 'The worker entry never reaches a route module: it serves no HTTP.',
      severity: 'error',
      from: { path: '^server/src/entry/worker\\.ts$' },
      to: { path: ROUTE, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.ts$' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
