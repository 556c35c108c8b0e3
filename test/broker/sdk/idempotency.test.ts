/**
 * The SDK's retries cannot act twice (issue 33): against a real listening broker and HubSpot's
 * sandbox, the network loses the answer of a tool call that acted (the fetch it is given drops
 * the broker's answer, or a load balancer in front answers 503 after the broker acted); the SDK's
 * retry carries the same Idempotency-Key, gets the first answer again, and HubSpot created one
 * contact. The caller's own key repeats a call across two calls of the SDK.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { ConnectorBroker, type FetchLike } from '../../../sdk/typescript/src/index.js';

const shared = sharedBrokerWithSandboxes(t);
let listening: Promise<string> | undefined;

async function tenant() {
  const b = await shared.tenant();
  const origin = await (listening ??= b.app.listen({ port: 0, host: '127.0.0.1' }));
  const creates = () => b.sent.hubspot.api().filter((r) => r.method === 'POST' && r.path === '/crm/v3/objects/contacts');
  return { ...b, origin, creates };
}

/** The real fetch, but the answer of the first tool call is lost after the broker has acted. */
function losingFirstAnswer(lose: (answer: Response) => Response | Promise<never>): { fetch: FetchLike; sent: Headers[] } {
  const sent: Headers[] = [];
  let lost = false;
  const fetch: FetchLike = async (input, init) => {
    const answer = await globalThis.fetch(input, init);
    if (!input.endsWith('/execute')) return answer;
    sent.push(new Headers(init.headers));
    if (lost) return answer;
    lost = true;
    await answer.arrayBuffer();
    return lose(answer);
  };
  return { fetch, sent };
}

const createContact = (email: string) => ({ entityId: 'ada', arguments: { properties: { email } } });

t.test('a connection that breaks after the broker acted: the retry replays, one contact is created', async (t) => {
  const b = await tenant();
  await b.connectOAuth('hubspot', 'ada');
  const { fetch, sent } = losingFirstAnswer(() => Promise.reject(new TypeError('fetch failed: socket hang up')));
  const broker = new ConnectorBroker({ baseUrl: b.origin, apiKey: b.key, fetch, maxRetryDelayMs: 1 });
  const result = await broker.tools.execute('HUBSPOT_CONTACTS_CREATE', createContact('lost@example.com'));
  t.match(result, { successful: true, status: 201, data: { properties: { email: 'lost@example.com' } } });
  t.equal(sent.length, 2, 'sent twice');
  t.equal(sent[0]!.get('idempotency-key'), sent[1]!.get('idempotency-key'), 'with one key');
  t.equal(b.creates().length, 1, 'HubSpot created one contact');
});

t.test('a 503 from in front of the broker after it acted: the retry replays, one contact is created', async (t) => {
  const b = await tenant();
  await b.connectOAuth('hubspot', 'ada');
  const { fetch, sent } = losingFirstAnswer(
    () =>
      new Response(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', status: 503, message: 'upstream reset' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '0' },
      }),
  );
  const broker = new ConnectorBroker({ baseUrl: b.origin, apiKey: b.key, fetch });
  const result = await broker.tools.execute('HUBSPOT_CONTACTS_CREATE', createContact('lb@example.com'));
  t.match(result, { successful: true, status: 201 });
  t.equal(sent.length, 2);
  t.equal(b.creates().length, 1, 'HubSpot created one contact');

  // Without the key the same loss creates a second contact: HubSpot refuses it as a duplicate.
  const unkeyed = await globalThis.fetch(`${b.origin}/api/v1/tools/HUBSPOT_CONTACTS_CREATE/execute`, {
    method: 'POST',
    headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
    body: JSON.stringify(createContact('lb@example.com')),
  });
  t.match(await unkeyed.json(), { successful: false, status: 409 }, 'a second act reached HubSpot');
  t.equal(b.creates().length, 2);
});

t.test("the caller's own key repeats a call across two SDK calls; another request with it is a 422 BrokerError", async (t) => {
  const b = await tenant();
  const broker = new ConnectorBroker({ baseUrl: b.origin, apiKey: b.key });
  const body = { slug: 'bitly', authMethodId: 'bitly_oauth2', name: 'from the SDK' };
  const first = await broker.authConfigs.create(body, { idempotencyKey: 'setup-bitly' });
  const again = await broker.authConfigs.create(body, { idempotencyKey: 'setup-bitly' });
  t.same(again, first);
  t.equal((await broker.authConfigs.list({ toolkit: 'bitly' })).items.length, 1);
  await t.rejects(broker.authConfigs.create({ ...body, name: 'another' }, { idempotencyKey: 'setup-bitly' }), {
    code: 'IDEMPOTENCY_KEY_MISMATCH',
    status: 422,
  });
});
