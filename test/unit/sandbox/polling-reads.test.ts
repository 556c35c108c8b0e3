/**
 * The reads a poller makes, shaped like the real APIs: HubSpot CRM search on createdate and the
 * modified dates (operators, sorts, after/limit paging, the rate limit's 429 + Retry-After) and
 * Bitly's group listing (created_after/created_before in epoch seconds, size, search_after).
 */
import t from 'tap';
import { startBitlySandbox, startHubspotSandbox } from '../../../sandbox/index.js';
import { manualClock } from '../../helpers/clock.js';
import { call } from './helpers.js';

const T0 = Date.parse('2026-06-01T10:00:00.000Z');

t.test('HubSpot search: date filters with every comparison, per object type', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const token = hs.control.issueToken().access_token;
  const search = (type: string, body: unknown) => call(`${hs.apiBaseUrl}/crm/v3/objects/${type}/search`, { method: 'POST', token, body });
  const ids = (r: { body: { results: { id: string }[] } }) => r.body.results.map((x) => x.id);

  for (const [type, modified, props] of [
    ['contacts', 'lastmodifieddate', (n: number) => ({ email: `p${n}@example.com` })],
    ['companies', 'hs_lastmodifieddate', (n: number) => ({ name: `Co ${n}` })],
    ['deals', 'hs_lastmodifieddate', (n: number) => ({ dealname: `Deal ${n}` })],
  ] as const) {
    const made = [0, 1, 1, 2].map((step, n) => hs.control.createObject(type, props(n), { at: T0 + step }));
    const [a, b, c, d] = made.map((r) => r.id);
    // Touch the first one later: its modified date moves, its createdate does not.
    hs.control.updateObject(type, a, type === 'contacts' ? { firstname: 'Later' } : { description: 'later' }, { at: T0 + 10 });
    const on = (propertyName: string, operator: string, value: string | number) =>
      search(type, {
        filterGroups: [{ filters: [{ propertyName, operator, value: String(value) }] }],
        sorts: [{ propertyName, direction: 'ASCENDING' }],
      });
    t.same(ids(await on('createdate', 'GT', T0)), [b, c, d], `${type} createdate GT`);
    t.same(ids(await on('createdate', 'GTE', T0 + 1)), [b, c, d], `${type} createdate GTE`);
    t.same(ids(await on('createdate', 'EQ', T0 + 1)), [b, c], `${type} createdate EQ: the tie`);
    t.same(ids(await on('createdate', 'LT', T0 + 1)), [a], `${type} createdate LT`);
    t.same(ids(await on('createdate', 'LTE', T0 + 1)), [a, b, c], `${type} createdate LTE`);
    t.same(ids(await on('createdate', 'GTE', new Date(T0 + 2).toISOString())), [d], `${type}: an ISO value works too`);
    t.same(ids(await on(modified, 'GT', T0 + 2)), [a], `${type} ${modified} GT`);
    t.same(ids(await on(modified, 'GTE', T0)), [b, c, d, a], `${type} ${modified}: sorted by the modified date`);
    const desc = await search(type, { sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }], properties: ['createdate'] });
    t.same(ids(desc), [d, b, c, a], `${type} createdate descending (ties by id)`);
    t.equal(desc.body.results[0].properties.createdate, new Date(T0 + 2).toISOString());
    t.equal(desc.body.results[0].properties[modified], new Date(T0 + 2).toISOString(), 'the modified date comes with every result');
  }
});

t.test('HubSpot search: a burst sharing one timestamp pages with after and limit (at most 200)', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const token = hs.control.issueToken().access_token;
  for (let i = 0; i < 450; i += 1) hs.control.createObject('contacts', { email: `burst${i}@example.com` }, { at: T0 });
  const body = (after?: string) => ({
    filterGroups: [{ filters: [{ propertyName: 'createdate', operator: 'GTE', value: String(T0) }] }],
    sorts: [{ propertyName: 'createdate', direction: 'ASCENDING' }],
    limit: 200,
    ...(after ? { after } : {}),
  });
  const seen: string[] = [];
  let after: string | undefined;
  const pages: number[] = [];
  do {
    const r = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts/search`, { method: 'POST', token, body: body(after) });
    t.equal(r.status, 200);
    t.equal(r.body.total, 450);
    pages.push(r.body.results.length);
    seen.push(...r.body.results.map((x: { id: string }) => x.id));
    after = r.body.paging?.next?.after;
  } while (after);
  t.same(pages, [200, 200, 50]);
  t.equal(new Set(seen).size, 450, 'every record once');
  const tooMany = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts/search`, { method: 'POST', token, body: { limit: 201 } });
  t.equal(tooMany.status, 400);
  t.match(tooMany.body, { category: 'VALIDATION_ERROR', message: /200/ });
});

t.test('HubSpot rate limit: 429 with Retry-After until the window ends', async (t) => {
  const clock = manualClock(T0);
  const hs = await startHubspotSandbox({ clock });
  t.teardown(() => hs.close());
  const token = hs.control.issueToken().access_token;
  const search = () => call(`${hs.apiBaseUrl}/crm/v3/objects/contacts/search`, { method: 'POST', token, body: {} });
  const list = () => call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token });

  hs.control.rateLimitPolicy({ max: 2, intervalMs: 10_000 });
  t.equal((await search()).status, 200);
  t.equal((await list()).status, 200);
  clock.advance(3_200);
  const limited = await search();
  t.equal(limited.status, 429);
  t.equal(limited.headers.get('retry-after'), '7', 'seconds left in the window, rounded up');
  t.equal(limited.headers.get('x-hubspot-ratelimit-max'), '2');
  t.equal(limited.headers.get('x-hubspot-ratelimit-remaining'), '0');
  t.match(limited.body, { status: 'error', errorType: 'RATE_LIMIT', category: 'RATE_LIMITS', policyName: 'TEN_SECONDLY_ROLLING' });
  clock.advance(6_800);
  t.equal((await search()).status, 200, 'a new window');

  hs.control.rateLimitPolicy({ max: 1, intervalMs: 1000, searchOnly: true });
  t.equal((await search()).status, 200);
  t.equal((await list()).status, 200, 'only search counts');
  const secondly = await search();
  t.equal(secondly.status, 429);
  t.equal(secondly.headers.get('retry-after'), '1');
  t.equal(secondly.body.policyName, 'SECONDLY');
  hs.control.rateLimitPolicy(null);
  t.equal((await search()).status, 200);
  t.throws(() => hs.control.rateLimitPolicy({ max: -1, intervalMs: 1 }), /max/);
});

t.test('Bitly group listing: created_after/created_before in whole seconds, size and search_after', async (t) => {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  const token = bl.control.issueToken().access_token;
  const sec = Math.floor(T0 / 1000);
  // 120 links, 40 per second, the last second's links made in one millisecond.
  const made: string[] = [];
  for (let i = 0; i < 120; i += 1) {
    const at = T0 + Math.floor(i / 40) * 1000 + (i < 80 ? i % 40 : 500);
    made.push(bl.control.createLink({ long_url: `https://example.com/${i}`, at }).id as string);
  }
  const list = (query: string) => call(`${bl.apiBaseUrl}/groups/${bl.fixtures.groupGuid}/bitlinks?${query}`, { token });
  const walk = async (query: string) => {
    const ids: string[] = [];
    const sizes: number[] = [];
    let r = await list(query);
    for (;;) {
      t.equal(r.status, 200);
      ids.push(...r.body.links.map((l: { id: string }) => l.id));
      sizes.push(r.body.links.length);
      t.notOk('prev' in r.body.pagination, 'no prev');
      if (!r.body.pagination.search_after) {
        t.equal(r.body.pagination.next, '', 'the last page has no next');
        break;
      }
      t.match(r.body.pagination.next, /search_after=/);
      r = await call(r.body.pagination.next, { token });
    }
    return { ids, sizes };
  };

  const all = await walk('size=50');
  t.same(all.sizes, [50, 50, 20]);
  t.same(all.ids, [...made].reverse(), 'newest first, every link once');
  const after = await walk(`created_after=${sec}&size=30`);
  t.same(after.ids, made.slice(40).reverse(), 'created_after is exclusive, in whole seconds');
  const before = await walk(`created_before=${sec + 2}&size=100`);
  t.same(before.ids, made.slice(0, 80).reverse(), 'created_before is exclusive');
  const both = await walk(`created_after=${sec}&created_before=${sec + 2}`);
  t.same(both.ids, made.slice(40, 80).reverse());
  const bad = await list('created_after=yesterday');
  t.equal(bad.status, 400);
  t.match(bad.body, { message: 'INVALID_ARG_CREATED_AFTER' });
});
