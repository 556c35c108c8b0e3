/**
 * Writes the generated references: docs/reference/configuration.md from the TypeBox EnvSchema in
 * src/config.ts, docs/reference/cli.md from the CLI's command table (bin/cli-commands.ts) and
 * docs/reference/scopes.md from the operation -> scope table (src/tenancy/scopes.ts).
 * Run after changing either: `npm run docs:reference`. test/unit/docs/docs-reference.test.ts fails when the
 * committed files drift.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvSchema } from '../src/config.js';
import { SPECS } from '../bin/cli-commands.js';
import { AGENT_SESSION_OPERATIONS, OPERATION_SCOPES, SCOPE_DESCRIPTIONS, SCOPES } from '../src/tenancy/scopes.js';

export const REFERENCE_DIR = fileURLToPath(new URL('../docs/reference', import.meta.url));

const GENERATED = (source: string) => `<!-- Generated from ${source} by \`npm run docs:reference\`; edit the source, not this file. -->`;

interface SettingSchema {
  type?: string;
  anyOf?: { const?: unknown }[];
  default?: unknown;
  defaultText?: string;
  formatText?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
}

/** A table cell: no line breaks, `|` escaped. */
const cell = (text: string) => text.replace(/\n/g, ' ').replace(/\|/g, '\\|');

function typeOf(s: SettingSchema): string {
  if (s.anyOf) return 'one of';
  return s.type ?? 'string';
}

function allowed(s: SettingSchema): string {
  if (s.anyOf) return s.anyOf.map((a) => `\`${String(a.const)}\``).join(', ');
  const parts: string[] = [];
  if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum} to ${s.maximum}`);
  else if (s.minimum !== undefined) parts.push(`at least ${s.minimum}`);
  if (s.minLength !== undefined && s.minLength > 1) parts.push(`at least ${s.minLength} characters`);
  if (s.formatText) parts.push(s.formatText);
  else if (s.pattern) parts.push(`matches \`${s.pattern}\``);
  if (s.type === 'boolean') parts.push('`true`/`false` (also `1`/`0`, `yes`/`no`)');
  return parts.join('; ');
}

function defaultOf(s: SettingSchema): string {
  if (s.defaultText) return s.defaultText;
  if (s.default === undefined) return 'none';
  return s.default === '' ? 'empty' : `\`${String(s.default)}\``;
}

export function renderConfigurationReference(): string {
  const required = new Set<string>(EnvSchema.required ?? []);
  const rows = Object.entries(EnvSchema.properties).map(([name, schema]) => {
    const s = schema as SettingSchema;
    if (!s.description) throw new Error(`src/config.ts: EnvSchema.${name} has no description`);
    const optional = !required.has(name) && s.default === undefined;
    return `| \`${name}\` | ${typeOf(s)}${optional ? ' (optional)' : ''} | ${cell(defaultOf(s))} | ${cell(allowed(s))} | ${cell(s.description)} |`;
  });
  return [
    GENERATED('src/config.ts (EnvSchema)'),
    '',
    '# Configuration reference',
    '',
    'Every setting comes from the environment and is validated at start-up. Any start-up failure (a bad',
    'value, an unreachable database, a port in use, a broken catalog, a vault key missing for stored',
    'secrets) stops the process with exit code 1 and one line on stderr naming the variable or file and',
    'the fix; never a stack trace, never a secret. An empty value counts as unset.',
    '',
    'What to set when running several instances, and the production checklist:',
    '[deploy/README.md](../../deploy/README.md) and [operations/deploy.md](../operations/deploy.md).',
    '',
    '| Variable | Type | Default | Allowed | Meaning |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** A usage description as a sentence: capital first letter, final full stop. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.)]$/.test(text) ? '' : '.'}`;

export function renderCliReference(): string {
  const sections = Object.entries(SPECS).map(([name, spec]) => {
    const [synopsis, ...description] = spec.usage.split('\n');
    const lines = [`## \`${name}\``, '', '```', `broker ${synopsis}`, '```', '', sentence(description.map((l) => l.trim()).join(' ')), ''];
    const facts: string[] = [];
    for (const option of Object.keys(spec.options ?? {}))
      facts.push(`- \`--${option} <value>\`${spec.required?.includes(option) ? ' (required)' : ''}`);
    const { min, max } = spec.positionals ?? { min: 0, max: 0 };
    if (max > 0) facts.push(`- arguments: ${max === Infinity ? `${min} or more` : min === max ? `${min}` : `${min} to ${max}`}`);
    return [...lines, ...(facts.length ? [...facts, ''] : [])].join('\n');
  });
  return [
    GENERATED('bin/cli-commands.ts (SPECS)'),
    '',
    '# Command line reference',
    '',
    '`npm run broker -- <command>` (or the `broker` bin) works on the database the environment points at',
    "(`DATABASE_URL`, `DATA_DIR`: [configuration.md](configuration.md)), including a running broker's.",
    '`broker --help` lists the commands, `broker <command> --help` shows one; every command also takes',
    '`--help`/`-h`. With `npm start`, `migrate` is the only thing that changes the schema: the other',
    'commands that use the database refuse one with pending migrations, naming `broker migrate`. A',
    'command that used the database ends by naming it on stderr (`Database: PostgreSQL user@host/db`,',
    'never the password), so a run against the wrong one shows.',
    '',
    'Exit codes: `0` done; `1` failed, with one line saying why (an unknown project or key id, a refused',
    'rule, the database or configuration); `2` wrong usage (unknown command, unknown or repeated option, missing option or',
    "argument), with the command's usage.",
    '',
    ...sections,
  ].join('\n');
}

export function renderScopesReference(): string {
  const planes = { native: 'native', compat: 'compat', mcp: 'MCP' } as const;
  const sections = SCOPES.map((scope) => {
    const rows = Object.entries(OPERATION_SCOPES)
      .filter(([, e]) => e.scope === scope)
      .map(
        ([op, e]) =>
          `| \`${op}\` | ${e.planes.map((p) => planes[p]).join(', ')} | ${AGENT_SESSION_OPERATIONS.has(op) ? (e.planes.includes('compat') ? 'yes (native only)' : 'yes') : ''} |`,
      );
    return [
      `## \`${scope}\``,
      '',
      sentence(SCOPE_DESCRIPTIONS[scope]),
      '',
      '| Operation | Planes | Agent sessions |',
      '|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  });
  return [
    GENERATED('src/tenancy/scopes.ts (OPERATION_SCOPES)'),
    '',
    '# API key scopes',
    '',
    'A project API key carries scopes; each operation of the native API, the compat mount and the MCP',
    "endpoint needs exactly one. A call outside the key's scopes is `403 FORBIDDEN` naming the missing",
    'scope; an expired key is `401`. Keys made without `scopes` (and every key made before scopes',
    "existed) hold all of them. Set them with `scopes` and `expiresAt` on the console's key form (or",
    '`POST /api/v1/console/orgs/{organizationId}/projects/{projectId}/api-keys`) or',
    '`broker create-key --scopes a,b --expires-at <ISO time>`.',
    '',
    'On `/mcp` a key needs `tools:read` to connect and list tools, and `tools:execute` as well to call',
    'one. The column "Agent sessions" marks the few operations an agent session\'s token may call',
    '(for its own end user and tools only: [guides/mcp.md](../guides/mcp.md)); every other one answers',
    "an agent session `403`. The compat mount's not-implemented groups (501) need no scope.",
    '',
    ...sections,
  ].join('\n');
}

/** The exact file contents, keyed by file name under docs/reference/. */
export function renderReferenceFiles(): Record<string, string> {
  return { 'configuration.md': renderConfigurationReference(), 'cli.md': renderCliReference(), 'scopes.md': renderScopesReference() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(REFERENCE_DIR, { recursive: true });
  for (const [name, text] of Object.entries(renderReferenceFiles())) {
    writeFileSync(join(REFERENCE_DIR, name), text);
    console.log(`wrote ${join(REFERENCE_DIR, name)}`);
  }
}
