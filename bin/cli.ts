/**
 * The operator's command line (`npm run broker -- <command>` or the `broker` bin). It builds the
 * same app as the server (without listening) and works on the database in DATABASE_URL / DATA_DIR,
 * so it can manage a running broker's data.
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { generateSecrets, loadConfig, type Config } from '../src/config.js';
import { BrokerError } from '../src/errors.js';
import { describeStartupError } from '../src/startup-errors.js';
import { buildApp } from '../plugins/app.js';
import { migrateDatabase } from '../src/db/orm.js';
import { resolve } from 'node:path';
import { BUILTIN_CATALOG_DIR, checkCatalogDirs } from '../src/catalog/catalog-loader.js';
import { OPERATOR } from '../src/tenancy/actor.js';
import { SCOPES } from '../src/tenancy/scopes.js';
import { SPECS } from './cli-commands.js';
import { catalogImport, toolRender } from './catalog-cli.js';

const USAGE = `Usage: broker <command> [options]
       broker <command> --help

Commands:
${Object.values(SPECS)
  .map((spec) => `  ${spec.usage.replace(/\n/g, '\n  ')}`)
  .join('\n')}

Exit codes: 0 done, 1 failed (unknown id, database or configuration problem), 2 wrong usage.
`;

const commandUsage = (name: string) => `Usage: broker ${SPECS[name]!.usage}\n`;

type Flags = Record<string, string | undefined>;
type Command = (app: FastifyInstance, args: string[], flags: Flags) => Promise<void>;

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

/** Wrong or missing arguments: the message, then the command's usage, exit 2. */
class UsageError extends Error {}

/** An id that names nothing (or a refused operation): one line, exit 1. */
class CommandError extends Error {}

const out = (line: string) => process.stdout.write(line + '\n');

/** `--executions`: a whole number, or `unlimited` (no quota). */
function parseQuota(value: string): number | null {
  if (value.toLowerCase() === 'unlimited') return null;
  if (!/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647)
    throw new UsageError(`--executions must be a whole number from 0 to 2147483647, or "unlimited" (got "${value.slice(0, 40)}")`);
  return Number(value);
}

/** A key as shown in messages: its id, or only the start of a full key (the key is a secret). */
const shownKey = (target: string) => (target.startsWith('cb_live_') ? `${target.slice(0, 12)}…` : target);

export const commands: Record<string, Command> = {
  async 'create-project'(app, _args, flags) {
    const projectName = required(flags, 'project');
    const { tenancy } = app.services;
    // Each change with its audit entry, the operator as the actor (src/tenancy).
    const org = await organizationFor(app, flags);
    const project = await tenancy.projects.create(OPERATOR, org.id, projectName);
    const { key, apiKey } = await tenancy.apiKeys.create(OPERATOR, project.id, 'default');
    out(`Organization: ${org.id} (${org.name})`);
    out(`Project:      ${project.id} (${project.name})`);
    out(`API key id:   ${apiKey.id}`);
    out(`API key:      ${key}`);
    out('The key is shown once; store it now.');
  },
  async 'create-key'(app, _args, flags) {
    const name = flags.name ?? 'cli';
    const scopes =
      flags.scopes === undefined
        ? undefined
        : flags.scopes
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
    const expiresAt = flags['expires-at'] === undefined ? undefined : new Date(flags['expires-at']);
    if (expiresAt && Number.isNaN(expiresAt.getTime()))
      throw new CommandError(`--expires-at ${flags['expires-at']} is not a time; give an ISO 8601 time, e.g. 2027-01-31T00:00:00Z`);
    let created;
    try {
      created = await app.services.tenancy.apiKeys.create(OPERATOR, required(flags, 'project'), name, { scopes, expiresAt });
    } catch (err) {
      if (err instanceof BrokerError && err.code === 'BAD_REQUEST') throw new CommandError(err.message);
      throw err;
    }
    const { key, apiKey } = created;
    out(`API key id: ${apiKey.id}`);
    out(`Scopes:     ${apiKey.scopes.join(',')}`);
    if (apiKey.expiresAt) out(`Expires at: ${apiKey.expiresAt.toISOString()}`);
    out(`API key:    ${key}`);
    out('The key is shown once; store it now.');
  },
  async 'list-keys'(app, _args, flags) {
    const projectId = required(flags, 'project');
    if (!(await app.services.tenancy.projects.find(projectId)))
      throw new CommandError(`Project ${projectId} does not exist (see broker list-projects)`);
    for (const k of await app.services.tenancy.apiKeys.list(projectId)) {
      out(
        `${k.id}  ${k.start}…  ${k.name}  created ${k.createdAt.toISOString()}  ${k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active'}` +
          `  scopes ${k.scopes.length === SCOPES.length ? 'all' : k.scopes.join(',')}` +
          (k.expiresAt ? `  expires ${k.expiresAt.toISOString()}` : ''),
      );
    }
  },
  async 'revoke-key'(app, args) {
    const target = args[0]!;
    const k = await app.services.tenancy.apiKeys.revoke(OPERATOR, target).catch((err: unknown) => {
      if (err instanceof BrokerError && err.code === 'NOT_FOUND') throw new CommandError(`API key ${shownKey(target)} does not exist`);
      throw err;
    });
    if (k.alreadyRevoked) out(`${k.id} (${k.start}…) was already revoked at ${k.revokedAt!.toISOString()}; nothing changed.`);
    else out(`Revoked ${k.id} (${k.start}…).`);
  },
  async 'rotate-keys'(app) {
    const { rotated, remainingByKey } = await app.services.vault.rotate();
    out(`Re-encrypted ${rotated} secret(s) with key "${app.services.vault.activeKeyId}".`);
    for (const [keyId, n] of Object.entries(remainingByKey)) out(`  key ${keyId}: ${n} secret(s)`);
    out('Keys no longer listed above can be removed from VAULT_KEYS.');
  },
  async 'set-quota'(app, _args, flags) {
    const organizationId = required(flags, 'org');
    const quota = parseQuota(required(flags, 'executions'));
    const set = await app.services.tenancy.organizations.setMonthlyQuota(OPERATOR, organizationId, quota).catch((err: unknown) => {
      if (err instanceof BrokerError && err.code === 'NOT_FOUND')
        throw new CommandError(`Organization ${organizationId} does not exist (see broker list-projects)`);
      throw err;
    });
    if (set.monthlyExecutionQuota === null) out(`Organization ${organizationId}: no monthly execution quota (unlimited).`);
    else
      out(
        `Organization ${organizationId}: monthly execution quota ${set.monthlyExecutionQuota} tool executions + proxy calls; ` +
          `the current month resets at ${set.resetsAt.toISOString()}.`,
      );
  },
  async 'reset-password'(app, _args, flags) {
    const email = required(flags, 'email');
    const reset = await app.services.accounts.issuePasswordReset(email);
    if (!reset) throw new CommandError(`No account has the email ${email}`);
    out(`Password-reset link for ${reset.user.email} (valid until ${reset.expiresAt.toISOString()}, once):`);
    out(reset.link);
    if (reset.emailed) out(`Emailed to ${reset.user.email}.`);
  },
  async 'list-projects'(app) {
    const { organizations, projects } = app.services.tenancy;
    const orgNames = new Map((await organizations.listAll()).map((o) => [o.id, o.name]));
    const all = await projects.listAll();
    if (all.length === 0) out('No projects yet; create one with broker create-project.');
    for (const p of all) out(`${p.id}  "${p.name}"  in ${p.organizationId} "${orgNames.get(p.organizationId) ?? ''}"`);
  },
};

/** create-project's organization: by id (`--org-id`), or by name (`--org`, created when new). */
async function organizationFor(app: FastifyInstance, flags: Flags) {
  const { organizations } = app.services.tenancy;
  if (flags.org !== undefined) return organizations.findOrCreate(OPERATOR, required(flags, 'org'));
  const organizationId = required(flags, 'org-id');
  const org = await organizations.find(organizationId);
  if (!org) throw new CommandError(`Organization ${organizationId} does not exist (see broker list-projects)`);
  return org;
}

/** Which database a command used, without its password: a CLI run against the wrong one is easy to miss. */
function describeDatabase(config: Config): string {
  const { kind, url } = config.database;
  if (kind === 'sqlite') return `SQLite ${url}`;
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** node:util parseArgs' messages, reworded for this CLI (theirs suggest `--` tricks that do not apply here). */
function usageErrorOf(name: string, err: unknown): UsageError {
  const e = err as { code?: string; message: string };
  const option = /'(-{1,2}[^' ]+)/.exec(e.message)?.[1] ?? '';
  const known = Object.keys(SPECS[name]!.options ?? {}).map((o) => `--${o}`);
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new UsageError(
      `Unknown option ${option} for ${name}; ${known.length > 0 ? `it takes ${known.join(', ')}` : 'it takes no options'}`,
    );
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new UsageError(`${option} needs a value`);
  return new UsageError(e.message.split('\n')[0]!);
}

/** `broker catalog check [dir...]`: the loader's checks, for toolkit authors; no database needed. */
function catalogCommand(args: string[], flags: Flags): number | Promise<number> {
  const [sub, ...dirs] = args;
  if (sub === 'import') {
    if (dirs.length !== 1) throw new UsageError('catalog import needs one OpenAPI file');
    return catalogImport(dirs[0]!, { ...flags, out: required(flags, 'out') });
  }
  if (sub !== 'check') throw new UsageError(sub ? `Unknown catalog command "${sub}"` : 'catalog needs a command: check or import');
  const targets = dirs.length > 0 ? dirs.map((d) => resolve(d)) : [BUILTIN_CATALOG_DIR, ...loadConfig().catalogPaths];
  const result = checkCatalogDirs(targets);
  for (const p of result.problems) process.stderr.write(`${p.file}${p.field ? ` ${p.field}` : ''}: ${p.message}\n`);
  out(
    `${result.ok ? 'OK' : 'FAILED'}: ${result.toolkits} toolkit(s), ${result.tools} tool(s), ${result.triggers} trigger(s), ${result.problems.length} problem(s) in ${targets.join(', ')}`,
  );
  return result.ok ? 0 : 1;
}

/** `broker migrate`: the one command that changes the schema (besides `npm start`). */
async function migrateCommand(config: Config, flags: Readonly<Record<string, unknown>>): Promise<number> {
  const create = flags['create-database'] === true;
  const applied = await migrateDatabase(create ? { ...config.database, createIfMissing: true } : config.database);
  out(applied.length > 0 ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
  process.stderr.write(`Database: ${describeDatabase(config)}\n`);
  return 0;
}

/** Parses one command's arguments strictly: an unknown flag or a missing value is a UsageError. */
function parseCommand(name: string, argv: string[]): { args: string[]; flags: Flags; help: boolean } {
  const spec = SPECS[name]!;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      tokens: true,
      options: { help: { type: 'boolean', short: 'h' }, ...spec.options },
    });
  } catch (err) {
    throw usageErrorOf(name, err);
  }
  // parseArgs keeps the last of a repeated option; two different values are more likely a mistake.
  const seen = new Set<string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given more than once`);
    seen.add(token.name);
  }
  if (SPECS[name]!.options?.['org-id'] && parsed.values.org !== undefined && parsed.values['org-id'] !== undefined)
    throw new UsageError('Give --org or --org-id, not both');
  if (name === 'create-project' && !parsed.values.help && parsed.values.org === undefined && parsed.values['org-id'] === undefined)
    throw new UsageError('--org or --org-id is required');
  const { help, ...flags } = parsed.values;
  const { min, max } = spec.positionals ?? { min: 0, max: 0 };
  if (!help && parsed.positionals.length < min)
    throw new UsageError(`${name} needs ${min === 1 && max === 1 ? 'an argument' : 'arguments'}`);
  if (!help && parsed.positionals.length > max) throw new UsageError(`Unexpected argument "${parsed.positionals[max]}"`);
  if (!help) for (const option of spec.required ?? []) required(flags as Flags, option);
  return { args: parsed.positionals, flags: flags as Flags, help: help === true };
}

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    out(USAGE);
    return 0;
  }
  if (!SPECS[name]) {
    process.stderr.write(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  let app: FastifyInstance | undefined;
  let config: Config | undefined;
  try {
    const { args, flags, help } = parseCommand(name, rest);
    if (help) {
      out(commandUsage(name));
      return 0;
    }
    if (name === 'catalog') return await catalogCommand(args, flags);
    if (name === 'tool') {
      if (args[0] !== 'render') throw new UsageError(`Unknown tool command "${args[0]}"`);
      return toolRender(args[1]!, flags);
    }
    if (name === 'generate-secrets') {
      // Before loadConfig: a production environment without these is exactly when they are needed.
      for (const [setting, value] of Object.entries(generateSecrets())) out(`${setting}=${value}`);
      return 0;
    }
    // A one-off command's process ends when it is done: it sends no webhooks (a claim would wait
    // out its lease) and runs no periodic tasks or trigger polls (the servers do).
    config = loadConfig({
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      WEBHOOK_CONCURRENCY: '0',
      SCHEDULED_TASKS: 'false',
      TRIGGER_POLL_CONCURRENCY: '0',
    });
    if (name === 'migrate') return await migrateCommand(config, flags);
    app = await buildApp(config);
    await app.ready();
    await commands[name]!(app, args, flags);
    process.stderr.write(`Database: ${describeDatabase(config)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${commandUsage(name)}`);
      return 2;
    }
    // One line: an unknown id, a refused rule, or why the database or configuration is unusable.
    process.stderr.write(
      `${err instanceof CommandError || err instanceof BrokerError ? err.message : describeStartupError(err, config)}\n`,
    );
    return 1;
  } finally {
    await app?.close();
  }
}

// The sources (tsx bin/cli.ts), the compiled file (dist/bin/cli.js) or the `broker` bin.
const isEntryPoint = process.argv[1]?.replace(/\\/g, '/').match(/(bin\/cli\.[jt]s|bin\/broker(\.js)?)$/);
if (isEntryPoint) process.exitCode = await runCli(process.argv.slice(2));
