// Layer check (`npm run check:layers`): dependencies only point down
//   bench/ -> sandbox/ -> bin/ -> plugins/ -> src/ -> src/db/
// with test/ beside bench/ (both may use any lower layer, never each other), and web/src (the
// browser console) apart from all of them: it only talks to the broker over HTTP.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'src-not-to-upper-layers',
      comment:
        'The domain (src/) is the bottom layer: it must not reach up into the HTTP plugins, entry points, sandboxes, tests, benches or scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(plugins|bin|sandbox|bench|test|scripts)/' },
    },
    {
      name: 'db-not-to-domain',
      comment:
        'src/db/ (entities, migrations, ORM wiring) sits below the domain: it may only use src/config.ts (the DatabaseConfig type) outside src/db/.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: '^src/(db/|config\\.ts$)' },
    },
    {
      name: 'plugins-not-to-upper-layers',
      comment: 'plugins/ (the Fastify planes) must not depend on entry points, sandboxes, benches or tests.',
      severity: 'error',
      from: { path: '^plugins/' },
      to: { path: '^(bin|sandbox|bench|test)/' },
    },
    {
      name: 'bin-not-to-upper-layers',
      comment: 'bin/ (entry points) must not depend on sandboxes, benches or tests.',
      severity: 'error',
      from: { path: '^bin/' },
      to: { path: '^(sandbox|bench|test)/' },
    },
    {
      name: 'sandbox-not-to-bench-or-test',
      comment: 'sandbox/ (provider emulators + demo) must not depend on benches or tests.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^(bench|test)/' },
    },
    {
      name: 'test-not-to-bench',
      comment: 'Tests must not import bench code: helpers both need live in a shared lower module.',
      severity: 'error',
      from: { path: '^test/' },
      to: { path: '^bench/' },
    },
    {
      name: 'bench-not-to-test',
      comment: 'Benches must not import test code: helpers both need live in a shared lower module.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^test/' },
    },
    {
      name: 'web-not-to-server',
      comment:
        'web/src (the browser console) runs in the browser: it reaches the broker only through its HTTP API, never by importing server code.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(src|plugins|bin|sandbox|test|bench|scripts)/' },
    },
    {
      name: 'server-not-to-web',
      comment: "Nothing outside web/ imports the console's browser code: the broker serves its build (web/dist) as files.",
      severity: 'error',
      from: { pathNot: '^web/' },
      to: { path: '^web/' },
    },
    {
      name: 'tenancy-tables-only-through-tenancy',
      comment:
        'Organizations, projects, memberships, invitations, API keys and agent sessions are written only by src/tenancy/ (each change with its audit entry, in one transaction): nothing else may import their repositories or entity definitions. src/db/ itself and the composition root are the exceptions.',
      severity: 'error',
      from: { pathNot: '^(src/tenancy/|src/db/|src/services\\.ts$)' },
      to: {
        path: '^src/db/(repositories/(tenancy|api-key-repository|agent-session-repository|project-repository|membership-repository|invitation-repository)|entities/(organization|project|membership|invitation|api-key|agent-session))\\.ts$',
      },
    },
    {
      name: 'no-circular-in-src',
      comment: 'No import cycles inside the domain (src/, including src/db/).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/', circular: true },
    },
    {
      name: 'no-unresolvable',
      comment:
        'Every relative import must resolve; otherwise the rules above would silently see nothing (e.g. if the .js -> .ts mapping broke).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|data|coverage|\\.tap)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // ESM TypeScript imports spell `.ts` files with a `.js` specifier: dependency-cruiser falls back
    // from a missing `x.js` to `x.ts` itself (TypeScript's rule); `no-unresolvable` proves it works.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
