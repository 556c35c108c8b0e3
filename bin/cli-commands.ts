/**
 * The CLI's command table: each command's usage and the arguments it takes. bin/cli.ts parses and
 * runs commands from it; scripts/generate-reference.ts writes docs/reference/cli.md from it.
 */
/** Each command's usage line(s) and its options; `broker <command> --help` prints the usage. */
export interface CommandSpec {
  usage: string;
  options?: Record<string, { type: 'string' }>;
  /** Options that must be given (checked before the database is opened). */
  required?: string[];
  /** How many positional arguments it takes (after the command name). */
  positionals?: { min: number; max: number };
}

export const SPECS: Record<string, CommandSpec> = {
  migrate: { usage: 'migrate\n    apply pending database migrations' },
  'create-project': {
    usage:
      'create-project --org <name> --project <name>\n    create a project (and the organization if new); prints its first API key once.\n' +
      '    A project name is unique within its organization.',
    options: { org: { type: 'string' }, project: { type: 'string' } },
    required: ['org', 'project'],
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
  'list-projects': { usage: "list-projects\n    list organizations' projects" },
  'set-quota': {
    usage:
      'set-quota --org <organizationId> --executions <n|unlimited>\n' +
      "    set an organization's monthly quota of tool executions + proxy calls (per UTC month);\n" +
      '    calls beyond it are refused with 429 until the month ends. Every instance applies it at once.',
    options: { org: { type: 'string' }, executions: { type: 'string' } },
    required: ['org', 'executions'],
  },
  'rotate-keys': { usage: 'rotate-keys\n    re-encrypt every stored secret with the active VAULT_KEYS key' },
  catalog: {
    usage: 'catalog check [dir...]\n    validate toolkit folders (default: the configured catalog); no database needed',
    positionals: { min: 0, max: Infinity },
  },
};
