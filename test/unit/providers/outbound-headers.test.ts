import t from 'tap';
import { mergeOutboundHeaders } from '../../../src/providers/outbound-headers.js';

t.test('caller headers cannot override or duplicate injected credentials', async (t) => {
  const merged = mergeOutboundHeaders(
    {
      Authorization: 'Bearer attacker',
      AUTHORIZATION: 'Bearer attacker2',
      'Proxy-Authorization': 'Basic x',
      Cookie: 'sid=1',
      'X-Api-Key': 'attacker',
      'x-custom-auth': 'attacker', // matches an injected name, case-insensitively
      Host: 'evil.com',
      'Content-Length': '999',
      'Transfer-Encoding': 'chunked',
      Connection: 'close',
      'Keep-Alive': 'timeout=1',
      TE: 'trailers',
      Upgrade: 'websocket',
      Expect: '100-continue',
      'Proxy-Connection': 'x',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Request-Id': 'r-1',
      'HubSpot-Custom': 'kept',
    },
    { Authorization: 'Bearer real-token', 'X-Custom-Auth': 'real' },
  );
  t.same(merged, {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-request-id': 'r-1',
    'hubspot-custom': 'kept',
    authorization: 'Bearer real-token',
    'x-custom-auth': 'real',
  });
  t.same(Object.keys(merged).slice(-2), ['authorization', 'x-custom-auth'], 'injected headers are last');
  t.notMatch(JSON.stringify(merged), 'attacker');
});

t.test('caller credential headers are dropped even when nothing is injected under that name', async (t) => {
  t.same(mergeOutboundHeaders({ 'x-api-key': 'k', authorization: 'a', cookie: 'c', accept: '*/*' }, { 'x-other': 'v' }), {
    accept: '*/*',
    'x-other': 'v',
  });
});

t.test('invalid names and values (header injection) are dropped', async (t) => {
  const merged = mergeOutboundHeaders(
    { 'x-ok': 'fine', 'x-bad': 'a\r\nAuthorization: Bearer injected', 'bad name': 'v', 'x-nul': 'a\0b', 'x-num': 5 as unknown as string },
    {},
  );
  t.same(merged, { 'x-ok': 'fine' });
});

t.test('undefined caller headers: just the injected ones, lower-cased', async (t) => {
  t.same(mergeOutboundHeaders(undefined, { Authorization: 'Bearer t' }), { authorization: 'Bearer t' });
  t.same(mergeOutboundHeaders({}, {}), {});
});
