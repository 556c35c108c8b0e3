/**
 * The suite-wide log check (issue 30: "no SQL parameter values in logs, anywhere; a test greps
 * every log line of the suite for hashes, tokens and keys"). While `npm test` runs, every broker a
 * test builds (test/helpers/app.ts buildTestApp) and every broker process a drill starts
 * (processes.ts startChild) appends its log lines to files under TEST_LOG_DIR; scripts/test.mjs
 * scans them last with `scanLogDir` and fails the run naming the file and line of each secret,
 * with an excerpt in which the secret itself is replaced by its kind.
 *
 * Only pino's lines are read (a line starting `{"level":`): a child's plain output, such as the
 * first start's banner that shows the new API key once on purpose, is not a log line.
 */
import { mkdirSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** What a secret looks like, by kind: the formats the broker and the provider sandboxes make. */
const SECRET_PATTERNS: readonly { kind: string; pattern: RegExp }[] = [
  // src/console/password-hasher.ts: scrypt$N$r$p$salt$hash (base64url).
  { kind: 'scrypt password hash', pattern: /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]{8,}\$[A-Za-z0-9_-]{16,}/g },
  { kind: 'argon2 hash', pattern: /\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+/g },
  { kind: 'bcrypt hash', pattern: /\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}/g },
  { kind: 'webhook signing secret', pattern: /whsec_[A-Za-z0-9+/=_-]{16,}/g },
  // Logged keys keep their prefix and lose the rest (`cb_live_[REDACTED]`), so a long tail is a key.
  { kind: 'project API key', pattern: /cb_live_[A-Za-z0-9_-]{20,}/g },
  { kind: 'agent session token', pattern: /cb_sess_[A-Za-z0-9_-]{20,}/g },
  { kind: 'console session cookie', pattern: /broker_session=[A-Za-z0-9_.%-]{20,}/g },
  // sandbox/hubspot: access `CN` + 128 base64url characters, refresh `na1-<uuid>-<16 hex>`.
  { kind: 'HubSpot access token', pattern: /\bCN[A-Za-z0-9_-]{100,}/g },
  { kind: 'HubSpot refresh token', pattern: /\bna1-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{16}\b/g },
  // sandbox/bitly: codes and tokens are 40 hex characters.
  { kind: 'Bitly token', pattern: /(?<![0-9a-fA-F])[0-9a-f]{40}(?![0-9a-fA-F])/g },
  // 32 random bytes as base64url (console session tokens, connect-link and reset tokens): exactly
  // 43 characters; `random` below keeps only those that mix cases and digits, as random ones do.
  { kind: 'random token', pattern: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g },
];

/**
 * A candidate of the `random token` kind that is random-looking, not a slug, a word, a number or an
 * identifier such as `Migration20261127190100_trigger_poll_states` (one capital): 43 random
 * base64url characters hold about 17 capitals, 17 small letters and 7 digits, so fewer than three
 * capitals or small letters, or two digits, is all but never a token.
 */
const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;
const random = (text: string) => count(text, /[A-Z]/g) >= 3 && count(text, /[a-z]/g) >= 3 && count(text, /\d/g) >= 2;

/** One cheap test first: most lines hold nothing long enough to be any of the secrets. */
const MAY_HOLD = /cb_live_|cb_sess_|whsec_|\$2[abxy]\$|\$argon2|scrypt\$|broker_session=|na1-|[A-Za-z0-9_-]{40}/;

interface SecretMatch {
  kind: string;
  index: number;
  length: number;
}

/** The secrets in one line, in order. */
export function findSecrets(line: string): SecretMatch[] {
  if (!MAY_HOLD.test(line)) return [];
  const found: SecretMatch[] = [];
  for (const { kind, pattern } of SECRET_PATTERNS) {
    for (const m of line.matchAll(pattern)) {
      if (kind === 'random token' && !random(m[0])) continue;
      // A span already found as a more specific kind is not found again.
      if (found.some((f) => m.index < f.index + f.length && f.index < m.index + m[0].length)) continue;
      found.push({ kind, index: m.index, length: m[0].length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Up to `width` characters around the first secret, every secret replaced by `[<kind>]`. */
function redactedExcerpt(line: string, matches: SecretMatch[], width = 240): string {
  let out = '';
  let at = 0;
  let first = -1;
  for (const m of matches) {
    out += line.slice(at, m.index);
    if (first === -1) first = out.length;
    out += `[${m.kind}]`;
    at = m.index + m.length;
  }
  out += line.slice(at);
  const start = Math.max(0, first - width / 2);
  return `${start > 0 ? '…' : ''}${out.slice(start, start + width)}${start + width < out.length ? '…' : ''}`;
}

interface SecretFinding {
  file: string;
  line: number;
  kinds: string[];
  excerpt: string;
}

/** The pino lines of a log file that hold a secret. */
export function scanLogText(file: string, text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('{"level":')) continue;
    const matches = findSecrets(line);
    if (matches.length > 0)
      findings.push({ file, line: i + 1, kinds: [...new Set(matches.map((m) => m.kind))], excerpt: redactedExcerpt(line, matches) });
  }
  return findings;
}

/** Every finding in the files of `dir` (missing dir: none), and how many lines were read. */
export function scanLogDir(dir: string): { findings: SecretFinding[]; files: number; lines: number } {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return { findings: [], files: 0, lines: 0 };
  }
  const findings: SecretFinding[] = [];
  let lines = 0;
  for (const name of names) {
    const text = readFileSync(join(dir, name), 'utf8');
    lines += text.split('\n').length - 1;
    findings.push(...scanLogText(join(dir, name), text));
  }
  return { findings, files: names.length, lines };
}

/** This process's shared log file under TEST_LOG_DIR (opened on first use). */
let shared: number | undefined;
let children = 0;

/**
 * With TEST_LOG_DIR set (scripts/test.mjs sets it): where a broker's log lines go for the scan, as
 * synchronous appends (a process may end right after its last test). `label` (what logs there, a
 * test's name) heads its lines. In-process brokers share the process's file (pino writes whole
 * lines); a child process's output arrives in arbitrary pieces, so `ownFile` gives it a file of its own.
 */
export function testLogSink(label: string, ownFile = false): ((chunk: Buffer | string) => void) | undefined {
  const dir = process.env.TEST_LOG_DIR;
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  const fd = ownFile
    ? openSync(join(dir, `${process.pid}-child-${++children}.log`), 'a')
    : (shared ??= openSync(join(dir, `${process.pid}.log`), 'a'));
  writeSync(fd, `# ${label.replace(/\n/g, ' ')}\n`);
  return (chunk) => void writeSync(fd, typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
}
