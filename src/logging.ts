/**
 * Logger options: request ids, and redaction of everything that could carry a secret. Credentials
 * never reach a log line: values under a credential's key (or a credential-carrying header's) are
 * replaced at any depth (redactLine), and URLs lose sensitive query values, the invitation
 * token in a console invitation link's path, and anything shaped like an API key or a token.
 */
import { Writable } from 'node:stream';
import { destination as pinoDestination, stdSerializers } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

const SENSITIVE_QUERY = /([?&](?:code|state|access_token|refresh_token|token|client_secret|api_key|apikey|password|key)=)[^&#]*/gi;

/** Path segments that are credentials: a console invitation link's token. */
const SENSITIVE_PATH = /(\/console\/invitations\/)[^/?#]+/g;

/** An API key anywhere in a URL (typed as an id in a path, pasted in a query): its secret part. */
const API_KEY_SHAPED = /(cb_live_)[A-Za-z0-9_-]+/g;

/**
 * Path segments, query values and dot-separated parts shaped like a token (32 or more base64url
 * characters mixing cases and digits, or hex): random secrets (session tokens, a hosted connect
 * link's `/connect/<connection id>.<expiry>.<token>`), never one of our ids (`ca_…`, `prefix_` and
 * at most 40 characters) nor a slug (one case).
 */
const TOKEN_SHAPED = /(?<=[/=.])[A-Za-z0-9_-]{32,}(?=[/?&#.]|$)/g;

/** One of our ids (`ex_…`, `whs_…`): a short lower-case prefix, at most 40 characters in all. */
const OUR_ID = /^[a-z]{2,4}_/;

function redactToken(candidate: string): string {
  // A random token may start like an id too ("fc_1eVA…"): only its length tells them apart.
  if (OUR_ID.test(candidate) && candidate.length <= 40) return candidate;
  const random = (/[a-z]/.test(candidate) && /[A-Z]/.test(candidate) && /\d/.test(candidate)) || /^[0-9a-f]+$/.test(candidate);
  return random ? '[REDACTED]' : candidate;
}

export function redactUrl(url: string): string {
  return url
    .replace(SENSITIVE_QUERY, '$1[REDACTED]')
    .replace(SENSITIVE_PATH, '$1[REDACTED]')
    .replace(API_KEY_SHAPED, '$1[REDACTED]')
    .replace(TOKEN_SHAPED, redactToken);
}

/**
 * Keys whose values never reach a log line, at any depth, compared without case: credentials, and
 * the headers that carry them.
 */
const SECRET_KEYS = new Set(
  [
    'access_token',
    'refresh_token',
    'accessToken',
    'refreshToken',
    'clientSecret',
    'client_secret',
    'password',
    'api_key',
    'apiKey',
    'token',
    'credentials',
    'secret',
    'code_verifier',
    'codeVerifier',
    'authorization',
    'x-api-key',
    'cookie',
    'set-cookie',
  ].map((k) => k.toLowerCase()),
);

/** A line that has one of those keys somewhere: pino writes a key as `"name":`, never escaped. */
const MAY_HOLD_SECRET = new RegExp(`"(?:${[...SECRET_KEYS].join('|')})":`, 'i');

function censor(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(censor);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEYS.has(key.toLowerCase()) ? '[REDACTED]' : censor(v);
  return out;
}

/**
 * pino's last step before a line is written (`hooks.streamWrite`): a line with a secret's key at
 * any depth is rewritten with that value (a string, or a whole object) as `[REDACTED]`. Done on
 * the finished line instead of with pino's `redact`: its wildcard paths (`*.token`, `*.*.token`,
 * needed for nested objects) cost many times a plain line (measured:
 * docs/internals/performance.md#logging-costs); this check costs a regular expression test on a
 * line without one, and reaches any depth instead of two.
 */
export function redactLine(line: string): string {
  const secret = MAY_HOLD_SECRET.test(line);
  const sql = MAY_HOLD_SQL.test(line);
  if (!secret && !sql) return line;
  const end = line.endsWith('\n') ? '\n' : '';
  try {
    let entry: unknown = JSON.parse(line);
    if (secret) entry = censor(entry);
    if (sql) entry = scrubSql(entry);
    return JSON.stringify(entry) + end;
  } catch {
    // Not a JSON line (pino writes nothing else): nothing of it is kept rather than a secret.
    return `{"msg":"[REDACTED: a log line that could not be checked for secrets]"}${end}`;
  }
}

/**
 * A value as JSON text under the same rules as a log line: a secret's key at any depth has its value
 * replaced by `[REDACTED]` (execution details store arguments and response bodies this way).
 */
export function redactedJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return MAY_HOLD_SECRET.test(text) ? JSON.stringify(censor(value)) : text;
}

/**
 * SQL parameter values never reach a log line. MikroORM inlines a statement's parameters into its
 * text, and knex puts that text in front of the driver's message (`insert into … values ('usr_…',
 * 'ada@…', 'scrypt$…') - UNIQUE constraint failed`): a failed insert would log the row it tried to
 * write, a password hash or a key hash among it. In text that holds a statement, every quoted
 * literal becomes `?`, and the rest is cut at a quote left over (an escape read wrongly); a
 * driver's message echoing a value (`invalid input syntax for type …: "…"`) loses it too.
 */
const SQL_STATEMENT = /\b(?:insert\s+into|delete\s+from|update\s+\S+\s+set|select\b[^']*?\bfrom|values\s*\()/i;
const SQL_LITERAL = /\b[EeXx]?'(?:[^'\\]|''|\\.)*'|'(?:[^'\\]|''|\\.)*'/g;
const ECHOED_VALUE = /((?:invalid input (?:syntax|value)|out of range|too long)[^:"]*:\s*)"[^\n]*?"/gi;

export function withoutSqlValues(text: string): string {
  const unechoed = text.replace(ECHOED_VALUE, '$1"[withheld]"');
  if (!SQL_STATEMENT.test(unechoed)) return unechoed;
  const replaced = unechoed.replace(SQL_LITERAL, '?');
  const stray = replaced.indexOf("'");
  return stray === -1 ? replaced : `${replaced.slice(0, stray)}[rest withheld]`;
}

/** Fields drivers put on an error that hold a statement, its parameters or a row's values (pg's `detail`: `Key (email)=(…)`). */
const SQL_FIELDS = new Set(['sql', 'query', 'bindings', 'parameters', 'params', 'detail', 'where', 'internalQuery']);

function scrubSql(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutSqlValues(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => scrubSql(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SQL_FIELDS.has(key) ? '[withheld]' : scrubSql(v, depth + 1);
  return out;
}

/** pino's error serializer, without SQL parameter values (above) in any field of the error or its causes. */
export function serializeError(err: Error): unknown {
  return scrubSql(stdSerializers.err(err));
}

/** A line that may hold a statement with values outside an `err` (a message built from one): checked in full. */
const MAY_HOLD_SQL = /(?:insert into|delete from|\bupdate\b|\bselect\b)[^\n]*?'/i;

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has; the pretty format shows them in its own way (or not at all). */
const FRAME_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);

/** One JSON log line as `12:00:01.123 INFO  message  key=value …`, an error's stack below it. */
function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([k]) => !FRAME_FIELDS.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n    ${(err.stack ?? err.message ?? '').replace(/\n/g, '\n    ')}` : '';
  return `${time} ${level} ${String(entry.msg ?? '')}${fields.length > 0 ? `  ${fields.join(' ')}` : ''}${stack}`;
}

/**
 * LOG_FORMAT=pretty (development): rewrites pino's JSON lines for a person to read. Redaction has
 * already happened when a line reaches this stream, so it shows only what the JSON would.
 */
function prettyStream(out: NodeJS.WritableStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${prettyLine(line)}\n`);
      done();
    },
  });
}

/** Where a request's logger keeps its request id; its own children inherit it (pino children are prototypes). */
const REQUEST_ID = Symbol('requestId');

/**
 * Fastify's `childLoggerFactory`: every request gets a child logger, and pino serialises a
 * child's bindings when it is made, through the redaction above (its `*.field` paths apply to
 * every key): a cost per request, mostly for a request that logs nothing. So the request id is
 * not bound but kept on the child, and `mixin` adds it to the lines actually written (a hundredth
 * of that: docs/internals/performance.md#logging-costs). `reqId` is on every line of a request.
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  // Without a level or serializers of its own (every route but /metrics), pino's child() would
  // only copy the parent: a plain object on top of it is the same logger, at a fraction of the cost.
  const child =
    options.level === undefined && options.serializers === undefined ? (Object.create(logger) as typeof logger) : logger.child({}, options);
  // Assigned, not defined: Object.defineProperty costs far more (docs/internals/performance.md#logging-costs).
  (child as { [REQUEST_ID]?: unknown })[REQUEST_ID] = bindings.reqId;
  return child;
};

function requestIdOf(_line: object, _level: number, instance: object): object {
  const id = (instance as { [REQUEST_ID]?: unknown })[REQUEST_ID];
  return id === undefined ? {} : { reqId: id };
}

/**
 * One line per request at info, written when it completes: method, URL (redacted), client address,
 * status and response time, as an access log has them. Fastify's default writes a second line,
 * "incoming request", when a request arrives; that one is at debug here (LOG_LEVEL=debug brings it
 * back, to see a request that never completes). One line instead of two made executions
 * measurably cheaper (docs/internals/performance.md#logging).
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Log bytes held while stdout is not taken up fast enough; beyond, lines are dropped rather than the process growing. */
const MAX_PENDING_LOG_BYTES = 16 * 1024 * 1024;

/**
 * The JSON lines' default destination: stdout, written asynchronously. pino's default writes each
 * line with its own write(2) on the request thread, and stdout is a pipe to a log collector in
 * production; here the lines that arrive while a write is under way go out together with the next
 * one, which made executions measurably cheaper (docs/internals/performance.md#logging). pino
 * flushes what is pending when the process exits (its on-exit flush of a
 * `destination`), so a fatal line before `process.exit` is written; only a SIGKILL loses what was
 * pending. Not for the pretty format: a terminal, for a person, at a person's pace.
 */
function stdoutLines(): { write(line: string): void } {
  return pinoDestination({ dest: 1, sync: false, maxLength: MAX_PENDING_LOG_BYTES });
}

export function loggerOptions(
  level: string,
  destination?: NodeJS.WritableStream,
  format: 'json' | 'pretty' = 'json',
): FastifyServerOptions['logger'] {
  const stream = format === 'pretty' ? prettyStream(destination ?? process.stdout) : (destination ?? stdoutLines());
  return {
    level,
    hooks: { streamWrite: redactLine },
    mixin: requestIdOf,
    serializers: {
      err: serializeError,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
    stream,
  } as FastifyServerOptions['logger'];
}
