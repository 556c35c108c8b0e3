/**
 * webhooks.verify of the SDK against deliveries signed by the broker's own signing code
 * (src/events/delivery/signing.ts) and by the `standardwebhooks` package: the current and a
 * rotated secret, several signatures, the 5-minute tolerance both ways, a tampered body, a wrong
 * secret, a fetch Request and Node-style headers.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { deliveryHeaders } from '../../../src/events/delivery/signing.js';
import { ConnectorBroker, verifyDelivery, WebhookVerificationError } from '../../../sdk/typescript/src/index.js';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const event = { id: 'evt_1', type: 'connection.created', timestamp: '2026-01-01T00:00:00.000Z', projectId: 'prj_1', data: { id: 'ca_1' } };
const body = JSON.stringify(event);
const now = 1_800_000_000;

function signedByBroker(secrets: string[], timestamp = now) {
  return deliveryHeaders({ scheme: 'standard', messageId: 'msg_abc', attempt: 1, timestamp, body, secrets });
}

t.test("a delivery signed by the broker's signing code verifies, with either secret of a rotation", async (t) => {
  const current = newSecret();
  const previous = newSecret();
  const headers = signedByBroker([current, previous]);
  t.match(headers['webhook-signature'], /^v1,\S+ v1,\S+$/, 'two signatures while the old secret still signs');
  t.same(verifyDelivery({ headers, body }, current, { now }), event);
  t.same(verifyDelivery({ headers, body }, previous, { now }), event);
  t.throws(() => verifyDelivery({ headers, body }, newSecret(), { now }), WebhookVerificationError, 'another secret');
  t.throws(() => verifyDelivery({ headers, body: body.replace('ca_1', 'ca_2') }, current, { now }), /no matching signature/);
  t.same(verifyDelivery({ headers, body: Buffer.from(body) }, current, { now }), event, 'raw bytes');
});

t.test('a delivery signed by the standardwebhooks package verifies', async (t) => {
  const secret = newSecret();
  const signer = new Webhook(secret);
  const sentAt = new Date(now * 1000);
  const signature = signer.sign('msg_xyz', sentAt, body);
  const headers = { 'webhook-id': 'msg_xyz', 'webhook-timestamp': String(now), 'webhook-signature': signature };
  t.same(verifyDelivery({ headers, body }, secret, { now }), event);
  // And the package accepts what the broker signs: the two agree on the scheme.
  t.same(new Webhook(secret).verify(body, signedByBroker([secret], Math.floor(Date.now() / 1000))), event);
});

t.test('the timestamp must be within the tolerance, both ways', async (t) => {
  const secret = newSecret();
  t.same(verifyDelivery({ headers: signedByBroker([secret], now - 300), body }, secret, { now }), event, '5 minutes old passes');
  t.throws(() => verifyDelivery({ headers: signedByBroker([secret], now - 301), body }, secret, { now }), /too old/);
  t.throws(() => verifyDelivery({ headers: signedByBroker([secret], now + 301), body }, secret, { now }), /in the future/);
  t.same(verifyDelivery({ headers: signedByBroker([secret], now - 600), body }, secret, { now, toleranceSeconds: 600 }), event);
});

t.test('missing or malformed headers are refused', async (t) => {
  const secret = newSecret();
  const headers = signedByBroker([secret]);
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
    const { [name]: _dropped, ...rest } = headers;
    t.throws(() => verifyDelivery({ headers: rest, body }, secret, { now }), /missing/, `without ${name}`);
  }
  t.throws(
    () => verifyDelivery({ headers: { ...headers, 'webhook-timestamp': '1e9' }, body }, secret, { now }),
    /invalid webhook-timestamp/,
  );
  t.throws(() => verifyDelivery({ headers: { ...headers, 'webhook-signature': 'v2,abc v1' }, body }, secret, { now }), /no matching/);
});

t.test('broker.webhooks.verify takes a fetch Request or Node-style headers', async (t) => {
  const secret = newSecret();
  const broker = new ConnectorBroker({ baseUrl: 'http://127.0.0.1:1', apiKey: 'unused' });
  const fresh = signedByBroker([secret], Math.floor(Date.now() / 1000));
  const request = new Request('http://receiver.test/hook', { method: 'POST', headers: fresh, body });
  t.same(await broker.webhooks.verify(request, secret), event);
  const nodeStyle = Object.fromEntries(Object.entries(fresh).map(([k, v]) => [k.toUpperCase(), [v]]));
  t.same(await broker.webhooks.verify({ headers: nodeStyle, body }, secret), event);
  await t.rejects(broker.webhooks.verify({ headers: fresh, body }, newSecret()), WebhookVerificationError);
});
