/**
 * The operator's command line (`npm run broker -- <command>` or the `broker` bin). It builds the
 * same app as the server (without listening) and works on the database in DATABASE_URL / DATA_DIR,
 * so it can manage a running broker's data.
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildApp } from '../plugins/app.js';
import { migrateDatabase } from '../src/db/orm.js';
import { resolve } from 'node:path';
import { BUILTIN_CATALOG_DIR, checkCatalogDirs } from '../src/catalog/catalog-loader.js';

const USAGE = `Usage: broker <command> [options]

Commands:
  migrate                                   apply pending database migrations
  create-project --org <name> --project <name>
                                            create a project (and the organization if new); prints an API key once
  create-key --project <projectId> [--name <label>]
                                            create another API key for a project; printed once
  list-keys --project <projectId>           list a project's keys (never the keys themselves)
  revoke-key <keyId | full key>             revoke a key; it stops working at once on every instance
  list-projects                             list organizations' projects
  rotate-keys                               re-encrypt every stored secret with the active VAULT_KEYS key
  catalog check [dir...]                    validate toolkit folders (default: the configured catalog)
`;

type Flags = Record<string, string | boolean | undefined>;
type Command = (app: FastifyInstance, args: string[], flags: Flags) => Promise<void>;

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

class UsageError extends Error {}

const out = (line: string) => process.stdout.write(line + '\n');

export const commands: Record<string, Command> = {
  async 'create-project'(app, _args, flags) {
    const org = await app.services.projects.findOrCreateOrganization(required(flags, 'org'));
    const project = await app.services.projects.createProject(org.id, required(flags, 'project'));
    const { key, apiKey } = await app.services.apiKeys.create(project.id, 'default');
    out(`Organization: ${org.id} (${org.name})`);
    out(`Project:      ${project.id} (${project.name})`);
    out(`API key id:   ${apiKey.id}`);
    out(`API key:      ${key}`);
    out('The key is shown once; store it now.');
  },
  async 'create-key'(app, _args, flags) {
    const name = typeof flags.name === 'string' ? flags.name : 'cli';
    const { key, apiKey } = await app.services.apiKeys.create(required(flags, 'project'), name);
    out(`API key id: ${apiKey.id}`);
    out(`API key:    ${key}`);
    out('The key is shown once; store it now.');
  },
  async 'list-keys'(app, _args, flags) {
    for (const k of await app.services.apiKeys.list(required(flags, 'project'))) {
      out(
        `${k.id}  ${k.start}…  ${k.name}  created ${k.createdAt.toISOString()}  ${k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active'}`,
      );
    }
  },
  async 'revoke-key'(app, args) {
    const target = args[0];
    if (!target) throw new UsageError('revoke-key needs a key id or the key itself');
    const k = await app.services.apiKeys.revoke(target);
    out(`Revoked ${k.id} (${k.start}…).`);
  },
  async 'rotate-keys'(app) {
    const { rotated, remainingByKey } = await app.services.vault.rotate();
    out(`Re-encrypted ${rotated} secret(s) with key "${app.services.vault.activeKeyId}".`);
    for (const [keyId, n] of Object.entries(remainingByKey)) out(`  key ${keyId}: ${n} secret(s)`);
    out('Keys no longer listed above can be removed from VAULT_KEYS.');
  },
  async 'list-projects'(app) {
    for (const p of await app.services.projects.listProjects()) out(`${p.id}  ${p.name}  org ${p.organizationId}`);
  },
};

/** `broker catalog check [dir...]`: the loader's checks, for toolkit authors; no database needed. */
function catalogCommand(args: string[]): number {
  const [sub, ...dirs] = args;
  if (sub !== 'check') {
    process.stderr.write('Usage: broker catalog check [dir...]\n');
    return 2;
  }
  const targets = dirs.length > 0 ? dirs.map((d) => resolve(d)) : [BUILTIN_CATALOG_DIR, ...loadConfig().catalogPaths];
  const result = checkCatalogDirs(targets);
  for (const p of result.problems) process.stderr.write(`${p.file}${p.field ? ` ${p.field}` : ''}: ${p.message}\n`);
  out(
    `${result.ok ? 'OK' : 'FAILED'}: ${result.toolkits} toolkit(s), ${result.tools} tool(s), ${result.problems.length} problem(s) in ${targets.join(', ')}`,
  );
  return result.ok ? 0 : 1;
}

/** `broker migrate`: the one command that changes the schema (besides `npm start`). */
async function migrateCommand(): Promise<number> {
  try {
    const applied = await migrateDatabase(loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }).database);
    out(applied.length > 0 ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
    return 0;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof ConfigError ? 2 : 1;
  }
}

export async function runCli(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      org: { type: 'string' },
      project: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const [name, ...args] = positionals;
  if (!name || values.help) {
    out(USAGE);
    return name ? 0 : 1;
  }
  if (name === 'catalog') return catalogCommand(args);
  if (name === 'migrate') return migrateCommand();
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n\n${USAGE}`);
    return 1;
  }
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
    app = await buildApp(config);
    await app.ready();
    await command(app, args, values as Flags);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await app?.close();
  }
}

const isEntryPoint = process.argv[1]?.replace(/\\/g, '/').match(/(bin\/cli\.ts|bin\/broker(\.js)?)$/);
if (isEntryPoint) process.exitCode = await runCli(process.argv.slice(2));
