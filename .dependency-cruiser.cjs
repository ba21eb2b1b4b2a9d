/**
 * The architecture's import rules, checked by `./painel test` (scripts/depcruise.sh):
 *   - the server has no import cycles (type-only imports aside: they vanish at run time);
 *   - platform/ is infrastructure and imports no module and no entry point;
 *   - a module never imports an entry point (api.ts, worker.ts, core.ts, main.ts, start.ts, cli/);
 *   - a module reaches another module through its services or definition, never its repository
 *     (a row type read from it is no reach: type imports vanish at run time);
 *   - the media engine (modules/engine/) imports no other module (only module.ts, the definitions' shape);
 *   - the server never imports the web app (what both need lives in a package: packages/contract);
 *   - a web feature never imports another feature (shared pieces live in components/ and lib/).
 */
const SERVER = '^apps/server/src/';
const ENTRY = `${SERVER}(api|worker|core|main|start)\\.ts$|${SERVER}cli/`;
const TESTS = '\\.test\\.ts$|^apps/server/src/testing/';

module.exports = {
  forbidden: [
    {
      name: 'no-server-cycles',
      severity: 'error',
      from: { path: SERVER },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      from: { path: `${SERVER}platform/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/|${ENTRY}` },
    },
    {
      name: 'modules-import-no-entry-point',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: TESTS },
      to: { path: ENTRY },
    },
    {
      name: 'no-other-modules-repository',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/[^/]+/[^/]+\\.repo\\.ts$`, pathNot: `${SERVER}modules/$1/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'engine-depends-on-no-feature',
      severity: 'error',
      comment: 'the media engine knows no feature: modules declare child kinds, register guards and subscribe to events',
      from: { path: `${SERVER}modules/engine/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/(engine/|module\\.ts$)` },
    },
    {
      name: 'server-imports-no-web',
      severity: 'error',
      comment: 'the server and the web share code through packages/ (the contract), never apps/web',
      from: { path: SERVER },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-features-stay-apart',
      severity: 'error',
      // run from apps/web with its tsconfig (for the `@/` alias): paths start at src/
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
