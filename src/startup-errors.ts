/**
 * What a failed start-up means for the operator, in one line: the setting or file at fault and the
 * fix. The entry points (`npm start`, the demo) print it and exit 1 instead of a stack trace. No
 * secret may appear: a DATABASE_URL is shown without its user and password.
 */
import type { Config } from './config.js';
import { CatalogError } from './catalog/catalog-loader.js';

type StartupContext = Partial<Pick<Config, 'port' | 'host' | 'database'>>;

/** At most this many catalog problems on the line; `broker catalog check` lists them all. */
const MAX_CATALOG_PROBLEMS = 3;

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/** PostgreSQL SQLSTATEs a first start meets, with the part of DATABASE_URL to fix. */
const POSTGRES_REFUSALS: Record<string, string> = {
  '28P01': 'fix the user or password in DATABASE_URL',
  '28000': 'fix the user in DATABASE_URL or the server access rules (pg_hba.conf)',
  '3D000': 'create it with `broker migrate --create-database` (or createdb), or fix its name in DATABASE_URL',
};

interface ErrorFacts {
  code?: string;
  message: string;
  port?: number;
  address?: string;
}

/** The error and its causes (driver errors arrive wrapped, or as an AggregateError per address). */
function chain(err: unknown): ErrorFacts[] {
  const out: ErrorFacts[] = [];
  const queue: unknown[] = [err];
  while (queue.length > 0 && out.length < 10) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null) {
      if (e !== undefined) out.push({ message: String(e) });
      continue;
    }
    const r = e as { code?: unknown; message?: unknown; port?: unknown; address?: unknown; cause?: unknown; errors?: unknown };
    out.push({
      code: typeof r.code === 'string' ? r.code : undefined,
      message: typeof r.message === 'string' ? r.message : '',
      port: typeof r.port === 'number' ? r.port : undefined,
      address: typeof r.address === 'string' ? r.address : undefined,
    });
    if (r.cause !== undefined) queue.push(r.cause);
    if (Array.isArray(r.errors)) queue.push(...(r.errors as unknown[]));
  }
  return out;
}

/** `postgres://host:port/db` (no user, no password, no query), or the SQLite file. */
export function redactDatabaseUrl(db: Config['database'] | undefined): string {
  if (!db) return '(unset)';
  if (db.kind === 'sqlite') return `sqlite:${db.url}`;
  try {
    const u = new URL(db.url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

/** Several lines (a config error listing each variable) become one. */
function oneLine(message: string): string {
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length <= 1) return lines[0] ?? 'unknown error';
  const [first, ...rest] = lines;
  return `${first}${first!.endsWith(':') ? ' ' : ': '}${rest.join('; ')}`;
}

function catalogLine(err: CatalogError): string {
  const missing = err.problems.filter((p) => p.message === 'catalog directory does not exist');
  if (missing.length > 0 && missing.length === err.problems.length) {
    const dirs = missing.map((p) => p.file).join(', ');
    return `CATALOG_PATHS: catalog directory ${dirs} does not exist; create it or remove it from CATALOG_PATHS`;
  }
  const shown = err.problems.slice(0, MAX_CATALOG_PROBLEMS).map((p) => `${p.file}${p.field ? ` ${p.field}` : ''}: ${p.message}`);
  const more = err.problems.length - shown.length;
  const n = err.problems.length;
  return (
    `Catalog is invalid (${n} problem${n === 1 ? '' : 's'}): ${shown.join('; ')}` +
    `${more > 0 ? `; and ${more} more` : ''}. Fix the files (\`broker catalog check <dir>\` lists every problem) or CATALOG_PATHS / TOOLKIT_OVERRIDES`
  );
}

function databaseLine(facts: ErrorFacts[], ctx: StartupContext): string | undefined {
  const where = `DATABASE_URL=${redactDatabaseUrl(ctx.database)}`;
  const refused = facts.find((f) => f.code && POSTGRES_REFUSALS[f.code]);
  if (refused) return `The database at ${where} refused the connection (${refused.message}): ${POSTGRES_REFUSALS[refused.code!]}`;
  const network = facts.find((f) => f.code && NETWORK_REASONS[f.code]);
  // pg: "timeout expired" / "Connection terminated due to connection timeout"; knex: "Timeout acquiring a connection".
  const timedOut = facts.find((f) => /timeout expired|connection timeout|timeout acquiring|timed out/i.test(f.message));
  const terminated = facts.find((f) => /Connection terminated/.test(f.message));
  const reason = network
    ? NETWORK_REASONS[network.code!]
    : timedOut
      ? 'no answer within the connect timeout'
      : terminated
        ? 'connection closed by the server'
        : undefined;
  if (!reason) return undefined;
  return `Cannot reach the database at ${where} (${reason}): start PostgreSQL or fix DATABASE_URL`;
}

function listenLine(facts: ErrorFacts[], ctx: StartupContext): string | undefined {
  const f = facts.find((x) => x.code === 'EADDRINUSE' || x.code === 'EACCES' || x.code === 'EADDRNOTAVAIL');
  if (!f) return undefined;
  const port = f.port ?? ctx.port;
  if (f.code === 'EADDRINUSE') return `Port ${port} is in use: set PORT to a free port or stop the other process`;
  if (f.code === 'EACCES') return `Not allowed to listen on port ${port}: set PORT to 1024 or above`;
  return `Cannot listen on HOST=${f.address ?? ctx.host}: it is not an address of this machine; fix HOST (127.0.0.1 or 0.0.0.0)`;
}

/** One line for any error thrown while starting; known causes name the setting and the fix. */
export function describeStartupError(err: unknown, ctx: StartupContext = {}): string {
  if (err instanceof CatalogError) return catalogLine(err);
  const facts = chain(err);
  const known = listenLine(facts, ctx) ?? (ctx.database?.kind === 'postgresql' ? databaseLine(facts, ctx) : undefined);
  if (known) return known;
  const sqlite = facts.find((f) => f.code === 'SQLITE_CANTOPEN');
  if (sqlite)
    return `Cannot open the SQLite database ${redactDatabaseUrl(ctx.database)}: fix DATABASE_URL or DATA_DIR (the directory must be writable)`;
  // Our own start-up refusals (configuration, vault keys, schema behind) already name the fix;
  // a URL's password is masked in case a driver message quotes one.
  return oneLine(facts[0]?.message || 'Start-up failed for an unknown reason').replace(/(\w+:\/\/[^:/@\s]*):[^@\s]*@/g, '$1:***@');
}
