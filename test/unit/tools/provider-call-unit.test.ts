/**
 * createProviderCall on its narrow dependencies alone (no app, no database): the order
 * inject -> send -> 401 refresh+retry -> decode, and that only OAuth connections are refreshed
 * (a credential connection's 401 is reported instead).
 */
import t from 'tap';
import { createProviderCall, type ProviderCallDeps, type ProviderCallInput } from '../../../src/tools/provider-call.js';
import type { AuthMethodDef } from '../../../src/catalog/catalog-schema.js';
import type { IConnection } from '../../../src/db/entities/index.js';
import type { ProviderRequest, ProviderResponse } from '../../../src/providers/http-client.js';

function harness(kind: 'oauth2' | 'api_key', statuses: number[]) {
  const events: string[] = [];
  const sent: ProviderRequest[] = [];
  const method = (kind === 'oauth2'
    ? { id: 'm', kind, inject: [{ in: 'header', name: 'Authorization', value: 'Bearer {access_token}' }] }
    : { id: 'm', kind, inject: [{ in: 'header', name: 'X-Api-Key', value: '{api_key}' }] }) as unknown as AuthMethodDef;
  const deps: ProviderCallDeps = {
    catalog: { requireAuthMethod: () => method },
    tokens: {
      injectValues: async (): Promise<Record<string, string>> => (
        events.push('inject'),
        kind === 'oauth2' ? { access_token: 'old' } : { api_key: 'k' }
      ),
      refreshAfterUnauthorized: async (_c, used) => (events.push(`refresh:${used}`), { access_token: 'new' }),
      rejectedAfterRefresh: async () => void events.push('expired'),
      credentialsRejected: async (_c, used) => void events.push(`credentials-rejected:${JSON.stringify(used)}`),
    },
    http: {
      request: async (req) => {
        sent.push(req);
        const status = statuses.shift() ?? 200;
        events.push(`send:${status}`);
        return {
          status,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from('{"ok":true}'),
          contentType: 'application/json',
          durationMs: 1,
          attempts: 1,
        } satisfies ProviderResponse;
      },
    },
    recorder: {
      track: async (base, successful, call) => {
        const result = await call();
        events.push(`record:${base.kind}:${result.status}:${successful(result.status)}`);
        return result;
      },
      refused: () => {
        events.push('refused');
      },
    },
    // An organization without a quota.
    quota: { admit: () => undefined },
  };
  const input: ProviderCallInput = {
    projectId: 'prj',
    connection: { id: 'ca_1', toolkitSlug: 'tk', authMethodId: 'm', authMethodKind: kind } as IConnection,
    kind: 'tool',
    toolSlug: 'TK_GET',
    request: { method: 'GET', url: 'http://127.0.0.1:9/x', headers: {} },
    successful: (s) => s < 300,
  };
  return { call: createProviderCall(deps), input, events, sent };
}

t.test('OAuth: 401, one refresh, retry with the new token, decoded body', async (t) => {
  const h = harness('oauth2', [401, 200]);
  const res = await h.call(h.input);
  t.same(h.events, ['inject', 'send:401', 'refresh:old', 'send:200', 'record:tool:200:true']);
  t.same(
    h.sent.map((r) => r.headers.Authorization),
    ['Bearer old', 'Bearer new'],
  );
  t.match(res, { status: 200, data: { ok: true } });
});

t.test('OAuth: a second 401 marks the connection expired', async (t) => {
  const h = harness('oauth2', [401, 401]);
  t.match(await h.call(h.input), { status: 401 });
  t.same(h.events, ['inject', 'send:401', 'refresh:old', 'send:401', 'expired', 'record:tool:401:false']);
});

t.test('a credential connection is never refreshed (its 401 is reported with the key used); outbound shapes what is sent', async (t) => {
  const h = harness('api_key', [401]);
  const res = await h.call({ ...h.input, outbound: (r) => ({ method: r.method, url: r.url, headers: { ...r.headers, 'x-extra': '1' } }) });
  t.equal(res.status, 401);
  t.same(h.events, ['inject', 'send:401', 'credentials-rejected:{"api_key":"k"}', 'record:tool:401:false']);
  t.same(h.sent[0]!.headers, { 'X-Api-Key': 'k', 'x-extra': '1' });
});

t.test('a rendered form body (request.bodyEncoding "form") is sent form-encoded, after injection', async (t) => {
  const h = harness('api_key', [200]);
  await h.call({
    ...h.input,
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:9/x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: { a: '1' },
      bodyEncoding: 'form',
    },
  });
  t.match(h.sent[0], { bodyEncoding: 'form', body: { a: '1' }, headers: { 'X-Api-Key': 'k' } });
  await h.call({ ...h.input, request: { method: 'POST', url: 'http://127.0.0.1:9/x', headers: {}, body: { a: '1' } } });
  t.equal(h.sent[1]!.bodyEncoding, 'json', 'JSON stays the default');
});
