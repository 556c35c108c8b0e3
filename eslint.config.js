// ESLint flat config: JS + typescript-eslint recommended (not type-checked, to stay fast), with
// formatting left entirely to Prettier (eslint-config-prettier switches off the stylistic rules).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// The few Node globals the plain-JS files (bin/broker.js, scripts/*.mjs, configs) use; TS files get
// theirs from @types/node (typescript-eslint turns `no-undef` off there, tsc covering it).
const nodeGlobals = { process: 'readonly', console: 'readonly', URL: 'readonly' };

// Hot-path and layering rules that used to live only in comments. Each message says why and where
// the reasoning is written down; test/unit/docs/lint-rules.test.ts plants a violation of each and expects it.
const SERVER = ['{bin,src,plugins}/**/*.ts'];
const WHY_ALS =
  "turns Node's promise hooks on for the rest of the process, a cost every promise of every request then pays: see src/db/fork-per-call.ts and docs/internals/performance.md#promise-hooks";
const asyncHooksImports = ['node:async_hooks', 'async_hooks'].map((name) => ({
  name,
  importNames: ['AsyncLocalStorage', 'AsyncResource', 'createHook'],
  message: `An AsyncLocalStorage (or async hook) ${WHY_ALS}. Pass what a call needs as arguments.`,
}));
const requestContextImport = {
  name: '@mikro-orm/core',
  importNames: ['RequestContext'],
  message: `MikroORM's RequestContext (a fork per request) ${WHY_ALS}. Repositories take a fork per call from db.em().`,
};
const gotImport = {
  name: 'got',
  message:
    'got is for the low-volume OAuth calls only (src/providers/oauth-http-client.ts); executions and the proxy use undici (src/providers/http-client.ts): see docs/internals/performance.md#http-client.',
};
const ormTypeOnly = {
  group: ['@mikro-orm/*'],
  allowTypeImports: true,
  message:
    'Only src/db/ talks to MikroORM (repositories reach the database through src/db/fork-per-call.ts); elsewhere import its types only (`import type`).',
};
/** `@typescript-eslint/no-restricted-imports` options: flat config replaces a rule's options per file, so each scope gets the whole set. */
function restrictedImports({ got = true, ormOutsideDb = true } = {}) {
  return [
    'error',
    {
      paths: [...asyncHooksImports, requestContextImport, ...(got ? [gotImport] : [])],
      patterns: ormOutsideDb ? [ormTypeOnly] : [],
    },
  ];
}
const ORM_CALLS = [
  {
    selector: 'CallExpression[callee.property.name=/^(persistAndFlush|removeAndFlush|findAndCount)$/]',
    message: `MikroORM's flush-based writes and findAndCount run inside an AsyncLocalStorage, which ${WHY_ALS}. Write natively (insertNew, nativeUpdate, nativeDelete) and count with em.count.`,
  },
  {
    // em.flush(), tx.flush(), db.em().flush(), orm.em.flush(): an entity manager's flush. (A
    // recorder's own flush, execution-recorder.ts, is not an entity manager's.)
    selector:
      "CallExpression[callee.property.name='flush']:matches([callee.object.name=/^(em|tx|trx|fork|manager|entityManager)$/], [callee.object.property.name='em'], [callee.object.callee.property.name=/^(em|fork)$/])",
    message: `An entity manager's flush runs inside an AsyncLocalStorage, which ${WHY_ALS}. Write natively (insertNew, nativeUpdate, nativeDelete).`,
  },
  {
    // The connection's transactional (db.transaction in fork-per-call.ts, migration-lock.ts) binds a fork without one.
    selector:
      "CallExpression[callee.property.name='transactional']:not([callee.object.callee.property.name='getConnection']):not([callee.object.name='connection'])",
    message: `MikroORM's em.transactional flushes inside an AsyncLocalStorage, which ${WHY_ALS}. Use db.transaction(work) (src/db/fork-per-call.ts) and pass its tx to repositories.`,
  },
];
const ASYNC_GLOBAL_HOOK = {
  selector:
    "CallExpression[callee.object.name='app'][callee.property.name='addHook'][arguments.0.value=/^(onRequest|preParsing|preValidation|preHandler|preSerialization|onSend|onResponse)$/][arguments.1.async=true]",
  message:
    'A global request hook is written in callback style (`(request, reply, done) => …`): an async hook costs every request a promise and a turn. See plugins/app.ts and docs/internals/performance.md#global-hooks.',
};

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'data/',
      'catalog/schema/',
      '.tap/',
      'coverage/',
      'bench/profiles/',
      'web/dist/',
      'web/.dist-*/',
      'dist/',
      '.dist-*/',
      'sdk/typescript/dist/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    // web/src is the browser console (TSX); tsc (web/tsconfig.json) knows its DOM globals.
    files: [
      '{bin,src,plugins,sandbox,test,bench,scripts}/**/*.ts',
      'web/src/**/*.{ts,tsx}',
      'sdk/typescript/src/**/*.ts',
      'mikro-orm.config.ts',
      '**/*.{js,mjs,cjs}',
    ],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, prettier],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // A `let` read by closures before its single assignment (the sandboxes' self-reference) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: SERVER,
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports(),
      'no-restricted-syntax': ['error', ...ORM_CALLS],
    },
  },
  {
    files: ['src/db/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictedImports({ ormOutsideDb: false }) },
  },
  {
    files: ['src/providers/oauth-http-client.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictedImports({ got: false }) },
  },
  {
    // The top-level plugins are wrapped in fastify-plugin: a hook they add on `app` runs for every request.
    files: ['plugins/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ORM_CALLS, ASYNC_GLOBAL_HOOK] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
