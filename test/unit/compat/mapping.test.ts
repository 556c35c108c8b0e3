/** The compat value maps and query conventions, both directions, without a broker. */
import t from 'tap';
import { COMPAT_STATUSES, compatStatus, kindOf, nativeFilterFor, schemeOf } from '../../../src/compat/mapping.js';
import { clampLimit, commaList, decodeCursor, encodeCursor, pageOf, queryBool } from '../../../plugins/compat/paging.js';
import { connectionState, REDACTED } from '../../../src/compat/connected-account-view.js';
import { asDataObject, toExecuteEnvelope } from '../../../plugins/compat/execute-envelope.js';
import { isDeterministic } from '../../../plugins/compat/errors.js';
import { CONNECTION_STATUSES } from '../../../src/db/entities/index.js';

t.test('auth schemes map both ways', async (t) => {
  for (const kind of ['oauth2', 'api_key', 'basic', 'bearer'] as const) t.equal(kindOf(schemeOf(kind)), kind);
  t.same(['oauth2', 'api_key', 'basic', 'bearer'].map(schemeOf), ['OAUTH2', 'API_KEY', 'BASIC', 'BEARER_TOKEN']);
  t.equal(kindOf('bearer_token'), 'bearer', 'case-insensitive');
  t.equal(kindOf('OAUTH1'), undefined);
});

t.test('statuses: native -> compat, and every compat filter selects exactly its rows', async (t) => {
  t.same(
    CONNECTION_STATUSES.map((s) => compatStatus(s, false)),
    ['INITIATED', 'INITIATED', 'ACTIVE', 'FAILED', 'EXPIRED', 'REVOKED'],
  );
  for (const s of CONNECTION_STATUSES) t.equal(compatStatus(s, true), 'INACTIVE', `disabled ${s}`);
  for (const wanted of COMPAT_STATUSES) {
    const f = nativeFilterFor(wanted);
    for (const status of CONNECTION_STATUSES) {
      for (const disabled of [false, true]) {
        const selected = f !== undefined && ('disabled' in f ? disabled : !disabled && f.statuses.includes(status));
        t.equal(selected, compatStatus(status, disabled) === wanted, `${wanted} vs ${status}/${disabled}`);
      }
    }
  }
});

t.test('state never carries a secret and only uses variants the SDK schema has', async (t) => {
  t.same(connectionState('OAUTH2', 'ACTIVE'), { authScheme: 'OAUTH2', val: { status: 'ACTIVE', access_token: REDACTED } });
  t.equal(connectionState('OAUTH2', 'INITIATED'), undefined, 'no authorize URL to give');
  t.same(connectionState('BASIC', 'INACTIVE')?.val, { status: 'INACTIVE', username: REDACTED, password: REDACTED });
  t.same(connectionState('BEARER_TOKEN', 'ACTIVE')?.val, { status: 'ACTIVE', token: REDACTED });
  t.same(connectionState('API_KEY', 'ACTIVE')?.val, { status: 'ACTIVE' });
  t.equal(connectionState('API_KEY', 'REVOKED'), undefined);
  t.same(connectionState('OAUTH2', 'REVOKED')?.val, { status: 'REVOKED' });
});

t.test('query conventions: comma lists, null as empty, clamped limits, opaque cursors', async (t) => {
  t.same(commaList('a,b, c'), ['a', 'b', 'c']);
  t.equal(commaList(''), undefined);
  t.equal(commaList(undefined), undefined);
  t.equal(queryBool('true'), true);
  t.equal(queryBool('false'), false);
  t.equal(queryBool(''), undefined);
  t.equal(clampLimit('9999', 50, 1000), 1000);
  t.equal(clampLimit('0', 50, 1000), 1);
  t.equal(clampLimit('abc', 50, 1000), 50);
  t.equal(clampLimit(undefined, 50, 1000), 50);
  t.equal(decodeCursor(encodeCursor(40)), 40);
  t.equal(decodeCursor(''), 0);
  t.throws(() => decodeCursor('garbage'));
  const p = pageOf([1, 2, 3, 4, 5], 0, 2);
  t.same(p, { items: [1, 2], next_cursor: encodeCursor(2), total_pages: 3, current_page: 1, total_items: 5 });
  t.equal(pageOf([1, 2, 3, 4, 5], 4, 2).next_cursor, null);
});

t.test('execute envelope: data is always an object, error always present', async (t) => {
  t.same(asDataObject([1, 2]), { value: [1, 2] });
  t.same(asDataObject('text'), { value: 'text' });
  t.same(asDataObject(undefined), {});
  t.same(toExecuteEnvelope({ status: 200, successful: true, data: { a: 1 }, connectionId: 'ca_1' }), {
    data: { a: 1 },
    error: null,
    successful: true,
  });
  t.same(
    toExecuteEnvelope({ status: 404, successful: false, data: { status: 'error', message: 'Object not found' }, connectionId: 'ca_1' }),
    {
      data: { status: 'error', message: 'Object not found' },
      error: 'The provider answered HTTP 404: Object not found',
      successful: false,
    },
  );
});

t.test('retries: deterministic failures are marked, transient ones are not', async (t) => {
  for (const s of [400, 401, 403, 404, 409, 422, 501]) t.ok(isDeterministic(s), String(s));
  for (const s of [408, 429, 500, 502, 503]) t.notOk(isDeterministic(s), String(s));
});
