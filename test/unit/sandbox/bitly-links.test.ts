/** Bitly sandbox links: shorten/create, special error codes, delete rules, custom links, paging, caps. */
import t, { type Test } from 'tap';
import { startBitlySandbox } from '../../../sandbox/index.js';
import { call } from './helpers.js';

async function setup(t: Test) {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  const token = bl.control.issueToken().access_token;
  const api = (path: string, init: Parameters<typeof call>[1] = {}) => call(`${bl.apiBaseUrl}${path}`, { token, ...init });
  return { bl, api, f: bl.fixtures };
}

t.test('shorten: 201 created then 200 existing, default bit.ly, branded domain, bad input', async (t) => {
  const { bl, api, f } = await setup(t);
  const first = await api('/shorten', { method: 'POST', body: { long_url: 'https://example.com/a' } });
  t.equal(first.status, 201);
  t.match(first.body, {
    id: /^bit\.ly\/[A-Za-z0-9]{7}$/,
    link: `https://${first.body.id}`,
    long_url: 'https://example.com/a',
    archived: false,
  });
  t.equal(first.body.references.group, `${bl.apiBaseUrl}/groups/${f.groupGuid}`);
  const again = await api('/shorten', { method: 'POST', body: { long_url: 'https://example.com/a' } });
  t.equal(again.status, 200);
  t.equal(again.body.id, first.body.id);
  const branded = await api('/shorten', {
    method: 'POST',
    body: { long_url: 'https://example.com/a', domain: f.brandedDomain, group_guid: f.groupGuid },
  });
  t.equal(branded.status, 201);
  t.ok(branded.body.id.startsWith(`${f.brandedDomain}/`));
  const badUrl = await api('/shorten', { method: 'POST', body: { long_url: 'not a url' } });
  t.equal(badUrl.status, 400);
  t.match(badUrl.body, { message: 'INVALID_ARG_LONG_URL', resource: 'bitlinks', errors: [{ field: 'long_url', error_code: 'invalid' }] });
  const badDomain = await api('/shorten', { method: 'POST', body: { long_url: 'https://example.com/a', domain: 'nope.example' } });
  t.equal(badDomain.body.message, 'INVALID_ARG_DOMAIN');
});

t.test('special error codes: branded monthly limit (429), DNS (417), premium (402)', async (t) => {
  const { bl, api, f } = await setup(t);
  bl.control.brandedLinkMonthlyLimitReached(true);
  for (const path of ['/shorten', '/bitlinks']) {
    const res = await api(path, { method: 'POST', body: { long_url: `https://example.com${path}/branded`, domain: f.brandedDomain } });
    t.equal(res.status, 429, path);
    t.same(Object.keys(res.body).sort(), ['description', 'message', 'resource']);
    t.equal(res.body.message, 'BRANDED_LINK_MONTHLY_LIMIT_EXCEEDED');
    t.equal(
      (await api(path, { method: 'POST', body: { long_url: `https://example.com${path}/plain` } })).status,
      201,
      'bit.ly still works',
    );
  }
  bl.control.brandedLinkMonthlyLimitReached(false);
  bl.control.dnsMisconfigured(f.brandedDomain);
  for (const path of ['/shorten', '/bitlinks']) {
    const res = await api(path, { method: 'POST', body: { long_url: 'https://example.com/dns', domain: f.brandedDomain } });
    t.equal(res.status, 417, path);
    t.equal(res.body.message, 'DNS_CONFIGURATION_ERROR');
  }
  bl.control.dnsMisconfigured(f.brandedDomain, false);
  t.equal((await api('/shorten', { method: 'POST', body: { long_url: 'https://example.com/dns', domain: f.brandedDomain } })).status, 201);

  bl.control.setPremium(false);
  const checks: [string, string, unknown?][] = [
    ['GET', '/campaigns'],
    ['POST', '/channels', { name: 'x' }],
    ['GET', `/organizations/${f.organizationGuid}/webhooks`],
    ['POST', '/custom_bitlinks', { custom_bitlink: `${f.brandedDomain}/x`, bitlink_id: 'bit.ly/x' }],
    ['GET', `/groups/${f.groupGuid}/cities?unit=day&units=7`],
  ];
  for (const [method, path, body] of checks) {
    const res = await api(path, { method, body });
    t.equal(res.status, 402, `${method} ${path}`);
    t.equal(res.body.message, 'UPGRADE_REQUIRED');
  }
  t.equal((await api(`/organizations/${f.organizationGuid}`)).body.tier, 'free');
  t.equal((await api(`/groups/${f.groupGuid}/countries?unit=day&units=7`)).status, 200, 'non-premium metrics still work');
});

t.test('get, update (long_url charges an encode), delete only unedited hash links, expand, encoded slash', async (t) => {
  const { api, f } = await setup(t);
  const link = (await api('/bitlinks', { method: 'POST', body: { long_url: 'https://example.com/x', title: 'X', tags: ['t1'] } })).body;
  t.match(link, { title: 'X', tags: ['t1'], created_by: f.login, is_deleted: false });
  t.equal((await api(`/bitlinks/${link.id}`)).body.long_url, 'https://example.com/x');
  t.equal((await api(`/bitlinks/${encodeURIComponent(link.id)}`)).status, 200, 'encoded slash accepted too');
  const limits = async () =>
    (await api(`/organizations/${f.organizationGuid}/plan_limits`)).body.plan_limits.find((l: { name: string }) => l.name === 'encodes')
      .count;
  const before = await limits();
  const patched = await api(`/bitlinks/${link.id}`, {
    method: 'PATCH',
    body: { long_url: 'https://example.com/y', archived: true, tags: ['t2'] },
  });
  t.match(patched.body, { long_url: 'https://example.com/y', archived: true, tags: ['t2'] });
  t.equal(await limits(), before + 1, 'long_url update counts against the encode limit');
  const refused = await api(`/bitlinks/${link.id}`, { method: 'DELETE' });
  t.equal(refused.status, 403, 'edited link cannot be deleted');
  const fresh = (await api('/shorten', { method: 'POST', body: { long_url: 'https://example.com/z' } })).body;
  const deleted = await api(`/bitlinks/${fresh.id}`, { method: 'DELETE' });
  t.same(deleted.body, { links_deleted: [{ id: fresh.id }] });
  t.equal((await api(`/bitlinks/${fresh.id}`)).status, 410);
  t.equal((await api('/bitlinks/bit.ly/doesnotexist')).status, 404);
  const keyword = (await api('/bitlinks', { method: 'POST', body: { long_url: 'https://example.com/k', keyword: 'launch' } })).body;
  t.equal(keyword.id, 'bit.ly/launch');
  t.equal((await api('/bitlinks', { method: 'POST', body: { long_url: 'https://example.com/other', keyword: 'launch' } })).status, 409);
  t.equal((await api(`/bitlinks/${keyword.id}`, { method: 'DELETE' })).status, 403, 'keyword links cannot be deleted');
  const expanded = await api('/expand', { method: 'POST', body: { bitlink_id: keyword.id } });
  t.same(Object.keys(expanded.body).sort(), ['created_at', 'id', 'link', 'long_url']);
  t.equal(expanded.body.long_url, 'https://example.com/k');
  t.equal(
    (await api('/bitlinks', { method: 'POST', body: { long_url: 'https://example.com/a', bitlink_id: keyword.id } })).status,
    400,
    'long_url xor bitlink_id',
  );
});

t.test('custom bitlinks: domains must match, history on update', async (t) => {
  const { api, f } = await setup(t);
  const a = (await api('/bitlinks', { method: 'POST', body: { long_url: 'https://example.com/a', domain: f.brandedDomain } })).body;
  const b = (await api('/bitlinks', { method: 'POST', body: { long_url: 'https://example.com/b', domain: f.brandedDomain } })).body;
  const onBitly = (await api('/shorten', { method: 'POST', body: { long_url: 'https://example.com/c' } })).body;
  const custom = `${f.brandedDomain}/docs`;
  const mismatch = await api('/custom_bitlinks', { method: 'POST', body: { custom_bitlink: custom, bitlink_id: onBitly.id } });
  t.equal(mismatch.status, 400);
  t.equal(mismatch.body.message, 'INVALID_ARG_BITLINK_ID');
  t.equal(
    (await api('/custom_bitlinks', { method: 'POST', body: { custom_bitlink: 'bit.ly/docs', bitlink_id: onBitly.id } })).status,
    400,
    'bit.ly is not a branded domain',
  );
  const added = await api('/custom_bitlinks', { method: 'POST', body: { custom_bitlink: custom, bitlink_id: a.id } });
  t.equal(added.status, 200);
  t.equal(added.body.bitlink.id, a.id);
  t.equal(added.body.bitlink_history.length, 1);
  t.equal(
    (await api('/custom_bitlinks', { method: 'POST', body: { custom_bitlink: custom, bitlink_id: b.id } })).status,
    409,
    'keyword taken',
  );
  t.same((await api(`/bitlinks/${a.id}`)).body.custom_bitlinks, [`https://${custom}`]);
  const moved = await api(`/custom_bitlinks/${custom}`, { method: 'PATCH', body: { bitlink_id: b.id } });
  t.equal(moved.body.bitlink.id, b.id);
  t.equal(moved.body.bitlink_history.length, 2);
  t.match(moved.body.bitlink_history[0], { is_active: true, long_url: 'https://example.com/b' });
  t.match(moved.body.bitlink_history[1], { is_active: false, long_url: 'https://example.com/a' });
  t.same((await api(`/bitlinks/${a.id}`)).body.custom_bitlinks, []);
  t.equal((await api(`/bitlinks/${custom}`)).body.id, b.id, 'the custom link resolves to its current target');
  const dest = await api(`/custom_bitlinks/${custom}/clicks_by_destination?unit=day&units=30`);
  t.same(dest.body.metrics.map((m: { value: string }) => m.value).sort(), ['https://example.com/a', 'https://example.com/b']);
});

t.test('group listing: newest first, size + search_after cursor, filters', async (t) => {
  const { bl, api, f } = await setup(t);
  const seeded = bl.control.seed({ links: 23 }).links;
  await api(`/bitlinks/${seeded[0]}`, { method: 'PATCH', body: { archived: true } });
  const ids: string[] = [];
  let path = `/groups/${f.groupGuid}/bitlinks?size=10`;
  for (let pages = 0; pages < 10; pages += 1) {
    const page = await api(path);
    t.equal(page.status, 200);
    ids.push(...page.body.links.map((l: { id: string }) => l.id));
    t.equal(page.body.pagination.size, 10);
    if (!page.body.pagination.search_after) {
      t.equal(page.body.pagination.next, '');
      break;
    }
    t.match(page.body.pagination.next, /search_after=/);
    path = `/groups/${f.groupGuid}/bitlinks?size=10&search_after=${encodeURIComponent(page.body.pagination.search_after)}`;
  }
  t.same(ids, seeded.slice(1).reverse(), 'newest first, archived excluded by default');
  const both = await api(`/groups/${f.groupGuid}/bitlinks?archived=both&size=100`);
  t.equal(both.body.links.length, 23);
  const onlyArchived = await api(`/groups/${f.groupGuid}/bitlinks?archived=on`);
  t.same(
    onlyArchived.body.links.map((l: { id: string }) => l.id),
    [seeded[0]],
  );
  await api(`/bitlinks/${seeded[5]}`, { method: 'PATCH', body: { tags: ['red'] } });
  const red = await api(`/groups/${f.groupGuid}/bitlinks?tags=red`);
  t.same(
    red.body.links.map((l: { id: string }) => l.id),
    [seeded[5]],
  );
  const q = await api(`/groups/${f.groupGuid}/bitlinks?query=${encodeURIComponent('Seeded link')}&size=3`);
  t.equal(q.body.links.length, 3);
  const sorted = await api(`/groups/${f.groupGuid}/bitlinks/clicks?unit=day&units=7&size=5`);
  t.equal(sorted.body.sorted_links.length, 5);
  const clicks = sorted.body.sorted_links.map((s: { clicks: number }) => s.clicks);
  t.same(
    clicks,
    [...clicks].sort((x: number, y: number) => y - x),
    'sorted by clicks',
  );
});

t.test('caps: bulk update at most 100 links, group tags at most 1000', async (t) => {
  const { bl, api, f } = await setup(t);
  const links = bl.control.seed({ links: 101 }).links;
  const tooMany = await api(`/groups/${f.groupGuid}/bitlinks`, { method: 'PATCH', body: { action: 'archive', archive: true, links } });
  t.equal(tooMany.status, 400);
  t.match(tooMany.body, { message: 'INVALID_ARG_LINKS', description: String, resource: 'groups', errors: [{ field: 'links' }] });
  const ok = await api(`/groups/${f.groupGuid}/bitlinks`, {
    method: 'PATCH',
    body: { action: 'edit_tags', add_tags: ['bulk'], links: links.slice(0, 100) },
  });
  t.equal(ok.status, 200);
  t.same(ok.body.links, links.slice(0, 100));
  const removed = await api(`/groups/${f.groupGuid}/bitlinks`, {
    method: 'PATCH',
    body: { action: 'edit_tags', remove_tags: ['bulk'], links: [links[0], 'bit.ly/unknown'] },
  });
  t.same(removed.body.links, [links[0]], 'unknown ids skipped');
  t.same((await api(`/bitlinks/${links[0]}`)).body.tags, []);
  const archived = await api(`/groups/${f.groupGuid}/bitlinks`, {
    method: 'PATCH',
    body: { action: 'archive', archive: true, links: [links[1]] },
  });
  t.same(archived.body.links, [links[1]]);
  t.equal((await api(`/bitlinks/${links[1]}`)).body.archived, true);

  bl.control.seed({ tags: 1200 });
  const tags = await api(`/groups/${f.groupGuid}/tags`);
  t.equal(tags.body.tags.length, 1000);
  const qrTags = await api(`/groups/${f.groupGuid}/tags?type=qr_code`);
  t.same(qrTags.body.tags, []);
});

t.test('organizations: allowed_orgs by default, include_all, SSO/2FA annotations', async (t) => {
  const { bl, api, f } = await setup(t);
  const def = await api('/organizations');
  t.same(
    def.body.organizations.map((o: { guid: string }) => o.guid),
    [f.organizationGuid],
  );
  const all = await api('/organizations?include_all=true');
  t.equal(all.body.organizations.length, 2);
  const other = all.body.organizations.find((o: { guid: string }) => o.guid === f.otherOrganizationGuid);
  t.match(other, { require_sso: true, require_2fa: true });
  t.notOk('require_sso' in def.body.organizations[0], 'annotations only when configured');
  bl.control.allowedOrgs([f.otherOrganizationGuid]);
  t.same(
    (await api('/organizations')).body.organizations.map((o: { guid: string }) => o.guid),
    [f.otherOrganizationGuid],
  );
  const groups = await api(`/groups?organization_guid=${f.organizationGuid}`);
  t.same(
    groups.body.groups.map((g: { guid: string }) => g.guid),
    [f.groupGuid],
  );
  t.same((await api('/bsds')).body.bsds, [f.brandedDomain]);
  t.equal((await api('/user')).body.default_group_guid, f.groupGuid);
});

t.test('metrics honour unit, units, unit_reference and size; CSV on request', async (t) => {
  const { api } = await setup(t);
  const link = (await api('/shorten', { method: 'POST', body: { long_url: 'https://example.com/m' } })).body.id;
  const clicks = await api(`/bitlinks/${link}/clicks?unit=hour&units=5&unit_reference=2026-03-01T12:30:00%2B0000`);
  t.match(clicks.body, { unit: 'hour', units: 5, unit_reference: '2026-03-01T12:30:00+0000' });
  t.same(
    clicks.body.link_clicks.map((c: { date: string }) => c.date),
    [12, 11, 10, 9, 8].map((h) => `2026-03-01T${String(h).padStart(2, '0')}:00:00+0000`),
  );
  const again = await api(`/bitlinks/${link}/clicks?unit=hour&units=5&unit_reference=2026-03-01T12:30:00%2B0000`);
  t.same(again.body, clicks.body, 'deterministic');
  const summary = await api(`/bitlinks/${link}/clicks/summary?unit=hour&units=5&unit_reference=2026-03-01T12:30:00%2B0000`);
  t.equal(
    summary.body.total_clicks,
    clicks.body.link_clicks.reduce((a: number, c: { clicks: number }) => a + c.clicks, 0),
  );
  const countries = await api(`/bitlinks/${link}/countries?unit=month&units=-1&size=3`);
  t.equal(countries.body.facet, 'countries');
  t.ok(countries.body.metrics.length <= 3 && countries.body.metrics.length > 0);
  const csv = await api(`/bitlinks/${link}/countries?unit=month&units=-1&size=3`, { headers: { accept: 'text/csv' } });
  t.match(csv.headers.get('content-type'), /text\/csv/);
  t.match(csv.text, /^value,clicks\r\n/);
  t.equal((await api(`/bitlinks/${link}/clicks?unit=fortnight&units=1`)).body.message, 'INVALID_ARG_UNIT');
  t.equal((await api(`/bitlinks/${link}/clicks?unit=day&units=0`)).body.message, 'INVALID_ARG_UNITS');
  t.equal((await api(`/bitlinks/${link}/clicks?unit=day&units=1&unit_reference=yesterday`)).body.message, 'INVALID_ARG_UNIT_REFERENCE');
});
