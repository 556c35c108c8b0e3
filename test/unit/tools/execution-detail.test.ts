/** What an execution's stored detail keeps: log redaction by key, credential values cut out anywhere, a bound with a marker. */
import t from 'tap';
import { DETAIL_MAX_CHARS, detailText } from '../../../src/tools/execution-detail.js';

t.test('secret keys lose their values at any depth, as in log lines', async (t) => {
  const text = detailText({ a: { b: [{ access_token: 'tok-123456', Authorization: 'Bearer x' }] }, ok: 1 })!;
  t.same(JSON.parse(text), { a: { b: [{ access_token: '[REDACTED]', Authorization: '[REDACTED]' }] }, ok: 1 });
});

t.test('a credential value the call carried is cut out wherever it appears, escaped or not', async (t) => {
  const secret = 'sk_live"abc\\def';
  const text = detailText({ echo: `token is ${secret}`, nested: [secret], plain: 'sk_plain_value in text', short: 'xyz' }, [
    secret,
    'sk_plain_value',
    'xyz',
  ])!;
  t.notMatch(text, 'sk_live');
  t.notMatch(text, 'sk_plain_value');
  t.match(text, '"short":"xyz"', 'values shorter than 6 characters are not searched for (they would hide ordinary text)');
  t.match(JSON.parse(text), { echo: 'token is [REDACTED]', nested: ['[REDACTED]'], plain: '[REDACTED] in text' });
});

t.test('bounded: cut with a marker past the limit; undefined is null', async (t) => {
  t.equal(detailText(undefined), null);
  t.equal(detailText({ a: 1 }), '{"a":1}');
  const text = detailText({ s: 'y'.repeat(DETAIL_MAX_CHARS) })!;
  t.equal(text.length, DETAIL_MAX_CHARS + '…[truncated: 8 more characters]'.length);
  t.match(text, /…\[truncated: 8 more characters\]$/);
});
