// The directions code may depend in (README, "Layout"), checked by `npm run lint` over apps, packages,
// e2e and bench. Paths are resolved as the compilers resolve them (the web app's `@/` alias included)
// and workspace packages to their sources (the `source` export condition), so no spelling of an import
// gets around a rule and the graph is the same whether or not dist/ is built. Every rule has a planted
// violation in scripts/check-boundaries.mjs, which `npm run lint` runs to prove the rule still bites.

const server = '^apps/server/src/';
const web = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by server and web, so it depends on neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contract-runs-anywhere',
      comment: 'The contract runs in the browser as well as in Node: no node: or other Node core module.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contract-through-its-package',
      comment: 'Server, web and the tools use the contract as @kanal/contract, never by a path into it.',
      severity: 'error',
      from: { path: '^(apps|e2e|bench)/' },
      // By a path: a relative import (`local` and not resolved through the workspace's package name).
      to: { path: '^packages/contract/(?!src/locales/)', dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'server-and-web-apart',
      comment: 'The server and the web app share only the contract.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-never-imports-the-server',
      comment: 'The web app runs in the browser: it never imports @kanal/server, by its name or by a path.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/|(^|/)@kanal/server(/|$)' },
    },
    {
      name: 'tools-use-the-server-entry',
      comment:
        "The e2e fixtures and the benchmarks use only the server's public API, @kanal/server " +
        '(apps/server/src/index.ts), never its internals or its dist/; the fakes of outside services its ' +
        'tests use (apps/server/src/test/fake-*.ts) they may share.',
      severity: 'error',
      from: { path: '^(e2e|bench)/' },
      to: {
        path: '^apps/server/',
        pathNot: ['^apps/server/src/index\\.ts$', '^apps/server/src/test/fake-[^/]+\\.ts$'],
      },
    },
    {
      name: 'tools-import-the-server-by-its-name',
      comment: "The tools import the server's entry as @kanal/server, not by a relative path to it.",
      severity: 'error',
      from: { path: '^(e2e|bench)/' },
      to: { path: '^apps/server/src/index\\.ts$', dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'no-cycles',
      comment: 'Code depends in one direction: no module reaches itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-uses-module-through-a-handed-service',
      comment:
        'A module never imports another module: what it needs is handed to it (app.ts wires services). ' +
        "Only the types of another module's service may be named, to type what is handed.",
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/` },
      to: { path: `${server}modules/`, pathNot: `${server}modules/$1/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'module-names-only-another-services-types',
      comment: "Of another module, only its service's types may be named (never its repository, routes or tables).",
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/` },
      to: { path: `${server}modules/`, pathNot: [`${server}modules/$1/`, '\\.service\\.ts$'] },
    },
    {
      name: 'modules-below-the-composition',
      comment: 'app.ts, server.ts, the entry point and the seed put modules together; modules do not reach up.',
      severity: 'error',
      from: { path: `${server}(modules|plugins|lib|db)/` },
      to: { path: `${server}(app|server|index)\\.ts$|${server}seed/` },
    },
    {
      name: 'plugins-below-modules',
      comment: 'Plugins serve every module; they know none.',
      severity: 'error',
      from: { path: `${server}plugins/` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'lib-is-a-leaf',
      comment: 'lib/ holds small pure helpers: no domain, no database, no plugins.',
      severity: 'error',
      from: { path: `${server}lib/` },
      to: { path: `${server}(modules|plugins|db)/` },
    },
    {
      name: 'database-below-modules',
      comment: 'db/ holds the connection and the tables; modules use it, never the other way round.',
      severity: 'error',
      from: { path: `${server}db/` },
      to: { path: `${server}(modules|plugins)/` },
    },
    {
      name: 'feature-does-not-use-feature',
      comment: 'A web feature never imports another: what two share lives in content/, components/ or lib/.',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'console-shell-below-features',
      comment:
        "console/ is the console's shell (layout, navigation, tenant context, tables, the API several of its " +
        'features share): its features use it, it knows none of them. Screens that need two features are ' +
        'put together in app/routes/admin.',
      severity: 'error',
      from: { path: `${web}console/` },
      to: { path: `${web}features/` },
    },
    {
      name: 'features-below-the-app',
      comment: 'Screens (app/routes) compose features; features do not reach up.',
      severity: 'error',
      from: { path: `${web}(features|console|content|components|lib)/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'shared-content-below-features',
      comment:
        'content/ is the content API and helpers several features share; it knows no feature and not the console.',
      severity: 'error',
      from: { path: `${web}content/` },
      to: { path: `${web}(features|console)/` },
    },
    {
      name: 'primitives-below-everything',
      comment: 'components/ and lib/ are the app-wide primitives: they know no feature, no content, not the console.',
      severity: 'error',
      from: { path: `${web}(components|lib)/` },
      to: { path: `${web}(features|content|console)/` },
    },
  ],
  options: {
    // dist/ is neither cruised nor followed, but an import into it stays in the graph (and is forbidden).
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    exclude: { path: '(^|/)node_modules/' },
    // Type-only imports count (a type import across a boundary is a dependency too) and are told apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // `source` first: @kanal/contract and @kanal/server resolve to their src/, built or not.
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
