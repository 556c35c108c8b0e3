// ESLint flat config: JS + typescript-eslint recommended (not type-checked, to stay fast), with
// formatting left entirely to Prettier (eslint-config-prettier switches off the stylistic rules).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// The few Node globals the plain-JS files (bin/broker.js, scripts/*.mjs, configs) use; TS files get
// theirs from @types/node (typescript-eslint turns `no-undef` off there, tsc covering it).
const nodeGlobals = { process: 'readonly', console: 'readonly', URL: 'readonly' };

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
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    // web/src is the browser console (TSX); tsc (web/tsconfig.json) knows its DOM globals.
    files: ['{bin,src,plugins,sandbox,test,bench,scripts}/**/*.ts', 'web/src/**/*.{ts,tsx}', 'mikro-orm.config.ts', '**/*.{js,mjs,cjs}'],
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
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
