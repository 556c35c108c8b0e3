/**
 * The suite-wide log scan (sandbox/support/log-secret-scan.ts, run last by `npm test`) must be able
 * to fail: poisoned log lines holding each kind of secret the broker and the sandboxes make are
 * found, named by file and line, with an excerpt that does not contain the secret; what the
 * redaction of src/logging.ts leaves, ids, request ids and a child's plain output are not.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSecrets, scanLogDir, scanLogText, testLogSink } from '../../../sandbox/support/log-secret-scan.js';
import { createPasswordHasher } from '../../../src/console/password-hasher.js';
import { generateApiKey } from '../../../src/tenancy/api-keys.js';
import { redactLine, redactUrl } from '../../../src/logging.js';

const pino = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 50, time: 1, pid: 1, hostname: 'h', ...fields, msg: 'request failed' });
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

t.test('each kind of secret in a log line is found, and the excerpt never shows it', async (t) => {
  const hashed = await createPasswordHasher(4).hash('correct horse battery staple');
  const secrets: Record<string, string> = {
    'scrypt password hash': hashed,
    'argon2 hash': '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
    'bcrypt hash': '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
    'webhook signing secret': `whsec_${randomBytes(24).toString('base64')}`,
    'project API key': generateApiKey(),
    'agent session token': `cb_sess_${randomBytes(32).toString('base64url')}`,
    'console session cookie': `broker_session=${randomBytes(32).toString('base64url')}.sig`,
    'HubSpot access token': `CN${randomBytes(96).toString('base64url')}`,
    'HubSpot refresh token': `na1-${hex(4)}-${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}-${hex(8)}`,
    'Bitly token': hex(20),
    // A console session token, a connect link's or a reset link's: 32 random bytes, no prefix.
    'random token': 'Zq3x9VbT2mK8rW1yL5nP0sD7fG4hJ6cX8aB2eQ9uY1o',
  };
  for (const [kind, secret] of Object.entries(secrets)) {
    // As the sign-up race once logged it: the failed insert's values inside the error's message.
    const line = pino({ err: { message: `insert into "user" ("id", "secret") values ('usr_1', '${secret}') - duplicate key` } });
    const [finding] = scanLogText('/logs/1.log', `# buildTestApp: a test\n${line}\n`);
    t.match(finding, { file: '/logs/1.log', line: 2, kinds: [kind] }, `${kind}: found on its line`);
    t.notOk(finding?.excerpt.includes(secret), `${kind}: not in the excerpt`);
    t.match(finding?.excerpt, `[${kind}]`, `${kind}: named there instead`);
  }
});

t.test('what redaction leaves, ids and request ids are not secrets', async (t) => {
  const key = generateApiKey();
  const clean = [
    pino({ reqId: randomUUID(), req: { url: redactUrl(`/api/v1/connectors/connections/${key}`) } }),
    pino({ req: { url: redactUrl('/connect/ca_81GvMzqgeJ6Ko8A5QyY4.mwznq1b7.taYA0uMrl31VBvYerrydKPj9NsQLeT0ux-FhmKCDW-0') } }),
    redactLine(pino({ credentials: { api_key: key }, access_token: `CN${randomBytes(96).toString('base64url')}` })),
    redactLine(
      pino({
        err: { message: "insert into \"user\" values ('usr_1', 'scrypt$16$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g') - dup" },
      }),
    ),
    pino({ tool: 'HUBSPOT_CONTACTS_CREATE_OR_UPDATE_BATCH_2024', connectionId: 'ca_81GvMzqgeJ6Ko8A5QyY4', start: key.slice(0, 12) }),
    // The migration list a start logs: 43 characters with a capital, small letters and digits.
    pino({ migrations: ['Migration20261127190000_trigger_instances', 'Migration20261127190100_trigger_poll_states'] }),
  ];
  t.same(
    clean.flatMap((l) => findSecrets(l)),
    [],
    'nothing found',
  );
});

t.test('scanLogDir reads the pino lines of every file and names the file and line; other output is not a log line', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'log-scan-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const key = generateApiKey();
  writeFileSync(join(dir, '10.log'), `# buildTestApp: clean\n${pino({ reqId: randomUUID() })}\n`);
  writeFileSync(
    join(dir, '11-child-1.log'),
    // A first start's banner shows its key once on purpose: plain output, not a log line.
    ` API key (shown once, store it now):  ${key}\n${pino({ reqId: randomUUID() })}\n${pino({ headers: { 'x-api-key': key } })}\n`,
  );
  const { findings, files, lines } = scanLogDir(dir);
  t.equal(files, 2);
  t.equal(lines, 5);
  t.match(findings, [{ file: join(dir, '11-child-1.log'), line: 3, kinds: ['project API key'] }]);
  t.equal(findings.length, 1, 'only the log line');
  t.same(scanLogDir(join(dir, 'missing')), { findings: [], files: 0, lines: 0 }, 'no directory: nothing to scan');
});

t.test('testLogSink writes under TEST_LOG_DIR, headed by its label; without it, nothing', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'log-sink-'));
  const saved = process.env.TEST_LOG_DIR;
  t.teardown(() => {
    if (saved === undefined) delete process.env.TEST_LOG_DIR;
    else process.env.TEST_LOG_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  delete process.env.TEST_LOG_DIR;
  t.equal(testLogSink('nothing'), undefined);
  process.env.TEST_LOG_DIR = dir;
  const sink = testLogSink('startChild: bin/server.ts', true)!;
  sink(Buffer.from(`${pino({ a: 1 })}\n`));
  const [name] = readdirSync(dir);
  t.match(name, /^\d+-child-\d+\.log$/);
  t.equal(readFileSync(join(dir, name!), 'utf8'), `# startChild: bin/server.ts\n${pino({ a: 1 })}\n`);
});
