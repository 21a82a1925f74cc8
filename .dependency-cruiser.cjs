// The directions code may depend in (README, "Layout"), checked by `npm run lint`. Paths are
// resolved as the compilers resolve them (the web app's `@/` alias included), so no spelling of an
// import gets around a rule.

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
      name: 'contract-through-its-package',
      comment: 'Server and web use the contract as @kanal/contract, never by a path into it.',
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: '^packages/contract/src/', pathNot: '^packages/contract/src/locales/' },
    },
    {
      name: 'server-and-web-apart',
      comment: 'The server and the web app share only the contract.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
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
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // Type-only imports count (a type import across a boundary is a dependency too) and are told apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
