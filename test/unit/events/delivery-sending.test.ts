/**
 * One attempt of a webhook delivery without a database: the two signing schemes checked by the
 * receivers' own verifiers (standardwebhooks, @composio/core), the retry schedule and its
 * Retry-After rule, and the sender against the loopback receiver (outcomes, timeout, excerpt,
 * address guard).
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { Composio } from '@composio/core';
import { deliveryHeaders, signatureHeader } from '../../../src/events/delivery/signing.js';
import { classifyAnswer, nextAttemptAt, RETRY_AFTER_CAP_MS } from '../../../src/events/delivery/retry-schedule.js';
import { createWebhookSender, EXCERPT_CHARS } from '../../../src/events/delivery/sender.js';
import { startWebhookReceiver } from '../../../sandbox/webhook-receiver.js';
import { loadConfig } from '../../../src/config.js';

const nativeSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

t.test('standard scheme: standardwebhooks verifies, with the current and the previous secret', async (t) => {
  const current = nativeSecret();
  const previous = nativeSecret();
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'connection.expired',
    timestamp: new Date().toISOString(),
    projectId: 'prj_1',
    data: { id: 'ca_1' },
  });
  const headers = deliveryHeaders({
    scheme: 'standard',
    messageId: 'msg_abc',
    attempt: 2,
    timestamp: Math.floor(Date.now() / 1000),
    body,
    secrets: [current, previous],
  });
  t.match(headers, {
    'content-type': 'application/json',
    'user-agent': 'connector-broker-webhooks',
    'webhook-id': 'msg_abc',
    'webhook-attempt': '2',
  });
  t.equal(headers['webhook-signature']!.split(' ').length, 2, 'one signature per secret');
  t.same(new Webhook(current).verify(body, headers), JSON.parse(body), 'current secret verifies');
  t.same(new Webhook(previous).verify(body, headers), JSON.parse(body), 'previous secret verifies during the overlap');
  t.throws(() => new Webhook(nativeSecret()).verify(body, headers), 'another secret does not');
  t.throws(() => new Webhook(current).verify(body + ' ', headers), 'a changed body does not');
});

t.test('composio scheme: @composio/core verifyWebhook accepts it (UTF-8 secret bytes as the key)', async (t) => {
  const composio = new Composio({ apiKey: 'unused', baseURL: 'http://127.0.0.1:9', allowTracking: false, disableVersionCheck: true });
  // Beyond ASCII on purpose: the key is the secret's UTF-8 bytes, not its char codes.
  const secret = `sk-ünïcødé-${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({
    id: 'msg_c1',
    type: 'composio.connected_account.expired',
    timestamp: new Date().toISOString(),
    metadata: { project_id: 'prj_1', org_id: 'org_1' },
    data: { id: 'ca_1', status: 'EXPIRED' },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = deliveryHeaders({
    scheme: 'composio',
    version: 'V3',
    messageId: 'msg_c1',
    attempt: 3,
    timestamp,
    body,
    secrets: [secret, 'old-secret'],
  });
  t.equal(headers['x-composio-webhook-version'], 'V3');
  t.equal(headers['x-composio-delivery-attempt'], '3');
  t.notOk('webhook-attempt' in headers, 'composio deliveries carry their own attempt header');
  for (const s of [secret, 'old-secret']) {
    const verified = await composio.triggers.verifyWebhook({
      payload: body,
      id: headers['webhook-id']!,
      timestamp: headers['webhook-timestamp']!,
      signature: headers['webhook-signature']!,
      secret: s,
    });
    t.equal(verified.version, 'V3');
  }
  await t.rejects(
    composio.triggers.verifyWebhook({
      payload: body,
      id: 'msg_c1',
      timestamp: String(timestamp),
      signature: headers['webhook-signature']!,
      secret: 'wrong',
    }),
  );
  t.not(
    signatureHeader('composio', [secret], 'msg_c1', timestamp, body),
    signatureHeader('standard', [nativeSecret()], 'msg_c1', timestamp, body),
  );
});

t.test('retry schedule: what is retried, when, and Retry-After', async (t) => {
  for (const s of [200, 201, 204, 299]) t.equal(classifyAnswer(s), 'succeeded', String(s));
  for (const s of [undefined, 500, 502, 503, 504, 408, 429]) t.equal(classifyAnswer(s), 'retryable', String(s));
  for (const s of [301, 400, 401, 403, 404, 410, 422]) t.equal(classifyAnswer(s), 'final', String(s));

  const env = {
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    VAULT_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    SESSION_SECRET: 'x'.repeat(32),
  };
  const schedule = loadConfig(env).webhooks.retryScheduleMs;
  t.same(schedule, [5000, 300000, 1800000, 7200000, 18000000, 36000000, 36000000], 'the default');
  t.match(
    loadConfig({ ...env, WEBHOOK_RETRY_SCHEDULE: '0.2, 0.5', WEBHOOK_DISABLE_AFTER_DAYS: '0.5' }).webhooks,
    {
      retryScheduleMs: [200, 500],
      disableAfterMs: 43_200_000,
    },
    'fractions, for tests',
  );
  t.throws(() => loadConfig({ ...env, WEBHOOK_RETRY_SCHEDULE: '5,soon' }), /WEBHOOK_RETRY_SCHEDULE/);
  const now = Date.parse('2026-01-01T00:00:00Z');
  t.equal(nextAttemptAt(schedule, 1, now), now + 5000, 'first retry within seconds');
  t.equal(nextAttemptAt(schedule, 7, now), now + 36000000);
  t.equal(nextAttemptAt(schedule, 8, now), undefined, 'after the last attempt: give up');
  t.equal(nextAttemptAt(schedule, 1, now, '60'), now + 60000, 'a later Retry-After (seconds) wins');
  t.equal(nextAttemptAt(schedule, 1, now, 'Thu, 01 Jan 2026 00:02:00 GMT'), now + 120000, 'an HTTP date too');
  t.equal(nextAttemptAt(schedule, 2, now, '60'), now + 300000, 'an earlier Retry-After does not shorten the schedule');
  t.equal(nextAttemptAt(schedule, 1, now, String(7 * 86400)), now + RETRY_AFTER_CAP_MS, 'capped at a day');
  t.equal(nextAttemptAt(schedule, 1, now, 'later'), now + 5000, 'garbage is ignored');
  const total = schedule.reduce((a, b) => a + b, 0) / 3600000;
  t.ok(total > 24 && total < 30, 'the default schedule lasts about a day');
});

t.test('sender: answers, excerpts, Retry-After, timeouts, refused connections, the address guard', async (t) => {
  const receiver = await startWebhookReceiver();
  t.teardown(() => receiver.close());
  // A timeout no answer on a busy machine comes near; the timeout case has a sender of its own.
  const sender = createWebhookSender({ timeoutMs: 10_000, allowPrivateHosts: new Set(['127.0.0.1']) });
  t.teardown(() => sender.close());
  const impatient = createWebhookSender({ timeoutMs: 300, allowPrivateHosts: new Set(['127.0.0.1']) });
  t.teardown(() => impatient.close());
  const headers = { 'content-type': 'application/json', 'webhook-id': 'msg_x' };

  const ok = await sender.send(receiver.url('/ok'), headers, '{"a":1}');
  t.match(ok, { statusCode: 200, responseExcerpt: 'ok' });
  t.equal(ok.error, undefined);
  t.equal(receiver.at('/ok')[0]!.body, '{"a":1}', 'the body arrives as sent');
  t.equal(receiver.at('/ok')[0]!.headers['webhook-id'], 'msg_x');

  receiver.script('/busy', { statuses: [429], headers: { 'retry-after': '7' }, body: 'x'.repeat(5000) });
  const busy = await sender.send(receiver.url('/busy'), headers, '{}');
  t.match(busy, { statusCode: 429, retryAfter: '7' });
  t.equal(busy.responseExcerpt!.length, EXCERPT_CHARS, 'the excerpt is cut');

  // Past the bytes read (16 KB) the answer is left unread and its socket dropped: the attempt still has its answer.
  receiver.script('/large', { status: 200, body: 'y'.repeat(200_000) });
  const large = await sender.send(receiver.url('/large'), headers, '{}');
  t.match(large, { statusCode: 200, responseExcerpt: 'y'.repeat(EXCERPT_CHARS) });
  t.equal(large.error, undefined);
  t.match(await sender.send(receiver.url('/ok'), headers, '{}'), { statusCode: 200 }, 'the next attempt is sent as usual');

  receiver.script('/slow', { delayMs: 2000 });
  const slow = await impatient.send(receiver.url('/slow'), headers, '{}');
  t.equal(slow.statusCode, undefined);
  t.match(slow.error, /timeout/);

  receiver.script('/moved', { status: 302, headers: { location: 'http://169.254.169.254/' } });
  t.match(await sender.send(receiver.url('/moved'), headers, '{}'), { statusCode: 302, error: /redirect not followed/ });
  t.equal(receiver.at('/moved').length, 1, 'the redirect is not followed');

  await receiver.down();
  const down = await sender.send(receiver.url('/ok'), headers, '{}');
  // A pooled keep-alive socket sees the close, a new one is refused: both are no answer.
  t.match(down, { statusCode: undefined, error: /connection refused|closed the connection/ });
  t.notOk(down.refused, 'a receiver that is down is retried');
  await receiver.up();
  t.match(await sender.send(receiver.url('/ok'), headers, '{}'), { statusCode: 200 }, 'up again on the same port');

  const guarded = createWebhookSender({ timeoutMs: 300, allowPrivateHosts: new Set() });
  t.teardown(() => guarded.close());
  const before = receiver.requests.length;
  for (const url of [
    receiver.url('/ok'),
    `http://localhost:${new URL(receiver.origin).port}/`,
    'http://[::1]/',
    'http://169.254.169.254/latest',
    'ftp://example.com/',
  ]) {
    const r = await guarded.send(url, headers, '{}');
    t.match(r, { refused: true, error: /refused|scheme/ }, url);
  }
  t.equal(receiver.requests.length, before, 'nothing reached the private receiver');
});
