/**
 * tools/call and tools/list are answered without an SDK server per request (plugins/mcp/direct-answer.ts):
 * every such answer must be the one the SDK gives. The same message sent alone (answered directly)
 * and as a batch of one (which always goes through the SDK server and transport; it answers a batch of
 * one with the one answer) must answer alike,
 * for results, tool errors, protocol errors and messages the SDK refuses.
 */
import t from 'tap';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { mcpBroker, mcpUrl } from './helpers.js';

/** The sandbox gives every answer its own correlation id. */
const same = (body: unknown): unknown =>
  JSON.parse(JSON.stringify(body).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'uuid'));

t.test('direct answers equal the SDK server answers, message by message', async (t) => {
  const b = await mcpBroker(t);
  await b.connectOAuth('hubspot', 'user-1');
  const headers = {
    'x-api-key': b.key,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
  };
  async function post(body: unknown, extra: Record<string, string> = {}, toolkits = 'hubspot') {
    const res = await fetch(mcpUrl(b.origin, { entityId: 'user-1', toolkits }), {
      method: 'POST',
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as unknown };
  }
  const created = await post({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'HUBSPOT_CONTACTS_CREATE', arguments: { properties: { email: 'grace@example.com' } } },
  });
  const contactId = (created.body as { result: { structuredContent: { id: string } } }).result.structuredContent.id;
  t.match(contactId, /^\d+$/);

  const messages: [string, Record<string, unknown>][] = [
    ['tools/list', { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
    ['tools/list with a cursor', { jsonrpc: '2.0', id: 'page', method: 'tools/list', params: { cursor: 'bm9wZQ' } }],
    ['a result', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'HUBSPOT_CONTACTS_GET', arguments: { contactId } } }],
    [
      'a provider error',
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'HUBSPOT_CONTACTS_GET', arguments: { contactId: '987654321' } } },
    ],
    [
      'invalid arguments',
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'HUBSPOT_CONTACTS_GET', arguments: { contactId: 5 } } },
    ],
    ['a tool outside the filters', { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'BITLY_GET_GROUPS', arguments: {} } }],
    ['an unknown tool', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'NOPE_NOTHING', arguments: {} } }],
    ['no tool name', { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { arguments: {} } }],
    ['arguments not an object', { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'HUBSPOT_CONTACTS_GET', arguments: 'x' } }],
  ];
  for (const [what, message] of messages) {
    const alone = await post(message);
    const batched = await post([message]);
    t.equal(alone.status, batched.status, `${what}: status`);
    t.equal(alone.type, 'application/json', `${what}: JSON`);
    // The SDK answers a batch of one with the one answer.
    t.same(same(alone.body), same(Array.isArray(batched.body) ? batched.body[0] : batched.body), `${what}: the same answer`);
  }

  // What the transport refuses before any message is read is still the SDK's answer.
  const call = messages[2]![1];
  const oldVersion = await post(call, { 'mcp-protocol-version': '1999-01-01' });
  t.equal(oldVersion.status, 400, 'an unsupported protocol version');
  t.match(oldVersion.body, { error: { message: /Unsupported protocol version/ } });
  const noStream = await post(call, { accept: 'application/json' });
  t.equal(noStream.status, 406, 'an Accept without text/event-stream');
});
