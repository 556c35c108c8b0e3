/**
 * The CLI's command table: each command's usage and the arguments it takes. bin/cli.ts parses and
 * runs commands from it; scripts/generate-reference.ts writes docs/reference/cli.md from it.
 */
/** Each command's usage line(s) and its options; `broker <command> --help` prints the usage. */
export interface CommandSpec {
  usage: string;
  options?: Record<string, { type: 'string' | 'boolean' }>;
  /** Options that must be given (checked before the database is opened). */
  required?: string[];
  /** How many positional arguments it takes (after the command name). */
  positionals?: { min: number; max: number };
}

export const SPECS: Record<string, CommandSpec> = {
  migrate: {
    usage:
      'migrate [--create-database]\n    apply pending database migrations.\n' +
      '    --create-database: create the PostgreSQL database DATABASE_URL names if it does not exist\n' +
      '    (a first install in production, where nothing else creates it)',
    options: { 'create-database': { type: 'boolean' } },
  },
  'create-project': {
    usage:
      'create-project (--org <name> | --org-id <organizationId>) --project <name>\n' +
      '    create a project; prints its first API key once. --org names the organization, created if no\n' +
      '    organization has that name (refused if several have it: use --org-id). A project name is unique\n' +
      '    within its organization.',
    options: { org: { type: 'string' }, 'org-id': { type: 'string' }, project: { type: 'string' } },
    required: ['project'],
  },
  'create-key': {
    usage:
      'create-key --project <projectId> [--name <label>] [--scopes <scope,scope…>] [--expires-at <ISO time>]\n' +
      '    create another API key for a project; printed once. --scopes: what it may do (default: every scope;\n' +
      '    docs/reference/scopes.md); --expires-at: when it stops working (default: never)',
    options: { project: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, 'expires-at': { type: 'string' } },
    required: ['project'],
  },
  'list-keys': {
    usage: "list-keys --project <projectId>\n    list a project's keys (never the keys themselves), with their scopes and expiry",
    options: { project: { type: 'string' } },
    required: ['project'],
  },
  'revoke-key': {
    usage:
      'revoke-key <keyId | full key>\n    revoke a key; it stops working at once on every instance.\n' +
      '    A key already revoked is left as it is ("already revoked at …", exit 0).',
    positionals: { min: 1, max: 1 },
  },
  'reset-password': {
    usage:
      'reset-password --email <email>\n    print a one-time link (valid 1 hour) with which that account sets a new password;\n' +
      '    a newer link replaces it. Setting the password signs out every session of the account.',
    options: { email: { type: 'string' } },
    required: ['email'],
  },
  'list-projects': { usage: 'list-projects\n    list every project with its organization, by id and name' },
  'set-quota': {
    usage:
      'set-quota --org <organizationId> --executions <n|unlimited>\n' +
      "    set an organization's monthly quota of tool executions + proxy calls (per UTC month);\n" +
      '    calls beyond it are refused with 429 until the month ends. Every instance applies it at once.',
    options: { org: { type: 'string' }, executions: { type: 'string' } },
    required: ['org', 'executions'],
  },
  'rotate-keys': { usage: 'rotate-keys\n    re-encrypt every stored secret with the active VAULT_KEYS key' },
  'generate-secrets': {
    usage:
      'generate-secrets\n    print a new VAULT_KEYS and SESSION_SECRET for a first production install (environment-file lines);\n' +
      '    no database needed. Keep them safe: without VAULT_KEYS no stored credential can be decrypted',
  },
  catalog: {
    usage:
      'catalog check [dir...]\n    validate toolkit folders (default: the configured catalog); no database needed\n' +
      'catalog import <file.json|file.yaml> --out <catalog dir> [--toolkit <slug>] [--base-url <url>]\n' +
      '    [--include-tags a,b] [--exclude-tags a,b] [--operations id,…] [--methods GET,…] [--dry-run]\n' +
      '    write a toolkit from an OpenAPI 3.0/3.1 or Swagger 2.0 document; re-importing keeps hand edits (overrides.json)',
    options: {
      out: { type: 'string' },
      toolkit: { type: 'string' },
      'base-url': { type: 'string' },
      'include-tags': { type: 'string' },
      'exclude-tags': { type: 'string' },
      operations: { type: 'string' },
      methods: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
    positionals: { min: 0, max: Infinity },
  },
  tool: {
    usage:
      "tool render <SLUG> [--args '{…}'] [--auth <authMethodId>] [--catalog <dir,…>] [--connection-config '{…}']\n" +
      '    print the HTTP request a call would send (credentials masked); no database or provider needed',
    options: { args: { type: 'string' }, auth: { type: 'string' }, catalog: { type: 'string' }, 'connection-config': { type: 'string' } },
    positionals: { min: 2, max: 2 },
  },
};
