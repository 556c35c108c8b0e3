/**
 * Sandboxes that change over time: the seeded activity generator (deterministic steps, the timer)
 * and direct changes with the right timestamps, ties included, on both sandboxes.
 */
import t from 'tap';
import { startBitlySandbox, startHubspotSandbox, type ActivityChange } from '../../../sandbox/index.js';
import { manualClock } from '../../helpers/clock.js';
import { call } from './helpers.js';

const withoutTimes = (changes: ActivityChange[]) => changes.map(({ at: _at, ...rest }) => rest);

t.test('HubSpot: a seed gives the same changes; every kind of change happens', async (t) => {
  const a = await startHubspotSandbox();
  t.teardown(() => a.close());
  const b = await startHubspotSandbox();
  t.teardown(() => b.close());
  const first = a.control.stepActivity(40);
  t.same(withoutTimes(b.control.stepActivity(40)), withoutTimes(first), 'same seed, same state: same changes');
  t.same([...new Set(first.map((c) => c.action))].sort(), ['createCompany', 'createContact', 'createDeal', 'moveDeal', 'updateContact']);
  a.reset();
  t.same(withoutTimes(a.control.stepActivity(40)), withoutTimes(first), 'reset starts the sequence over');
  a.control.startActivity({ perMinute: 0, seed: 7 });
  b.reset();
  t.notSame(withoutTimes(a.control.stepActivity(40)), withoutTimes(b.control.stepActivity(40)), 'another seed, other changes');

  const token = a.control.issueToken().access_token;
  const moved = first.find((c) => c.action === 'moveDeal')!;
  const deal = await call(`${a.apiBaseUrl}/crm/v3/objects/deals/${moved.id}?propertiesWithHistory=dealstage`, { token });
  t.ok(deal.body.propertiesWithHistory.dealstage.length >= 2, 'a moved deal has a stage history');
  t.equal(deal.body.propertiesWithHistory.dealstage[1].sourceType, 'CRM_UI');
});

t.test('HubSpot: the timer makes changes until stopped', async (t) => {
  const hs = await startHubspotSandbox({ activity: { perMinute: 60_000 } });
  t.teardown(() => hs.close());
  t.same(hs.control.activityStatus(), { perMinute: 60_000, seed: 1 });
  const token = hs.control.issueToken().access_token;
  const count = async () => {
    let n = 0;
    for (const type of ['contacts', 'companies', 'deals']) {
      const r = await call(`${hs.apiBaseUrl}/crm/v3/objects/${type}/search`, { method: 'POST', token, body: { limit: 1 } });
      n += r.body.total as number;
    }
    return n;
  };
  while ((await count()) < 3) await new Promise((resolve) => setTimeout(resolve, 5));
  hs.control.stopActivity();
  t.equal(hs.control.activityStatus(), null);
  const stopped = await count();
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.equal(await count(), stopped, 'nothing changes once stopped');
});

t.test('HubSpot: direct changes set createdate and the modified dates; ties on request', async (t) => {
  const clock = manualClock(Date.parse('2026-05-01T08:00:00.000Z'));
  const hs = await startHubspotSandbox({ clock });
  t.teardown(() => hs.close());
  const contact = hs.control.createObject('contacts', { email: 'clock@example.com', firstname: 'Clock' });
  t.equal(contact.properties.createdate, '2026-05-01T08:00:00.000Z', 'records follow the sandbox clock');
  t.equal(contact.properties.lastmodifieddate, '2026-05-01T08:00:00.000Z');
  clock.advance(1500);
  const updated = hs.control.updateObject('contacts', contact.id, { firstname: 'Tick' });
  t.equal(updated.properties.createdate, '2026-05-01T08:00:00.000Z');
  t.equal(updated.properties.lastmodifieddate, '2026-05-01T08:00:01.500Z');
  t.equal(updated.updatedAt, '2026-05-01T08:00:01.500Z');

  const deal = hs.control.createObject('deals', { dealname: 'D', dealstage: 'qualifiedtobuy' }, { at: '2026-04-01T00:00:00.007Z' });
  t.equal(deal.properties.createdate, '2026-04-01T00:00:00.007Z');
  t.equal(deal.properties.hs_lastmodifieddate, '2026-04-01T00:00:00.007Z');
  const company = hs.control.createObject('companies', { name: 'C' });
  t.equal(company.properties.hs_lastmodifieddate, '2026-05-01T08:00:01.500Z');

  const tie = Date.parse('2026-05-02T00:00:00.042Z');
  const ties = hs.control.stepActivity(6, tie);
  t.ok(
    ties.every((c) => c.at === '2026-05-02T00:00:00.042Z'),
    'six changes in one millisecond',
  );
  const token = hs.control.issueToken().access_token;
  const created = ties.filter((c) => c.action === 'createContact').map((c) => c.id);
  const found = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts/search`, {
    method: 'POST',
    token,
    body: { filterGroups: [{ filters: [{ propertyName: 'createdate', operator: 'EQ', value: String(tie) }] }] },
  });
  t.same(
    found.body.results.map((r: { id: string }) => r.id),
    created,
  );

  hs.control.deleteObject('contacts', contact.id);
  t.throws(() => hs.control.updateObject('contacts', contact.id, { firstname: 'x' }), /no live contacts record/);
  t.throws(() => hs.control.createObject('contacts', { email: 'not an email' }), /invalid/);
  t.throws(() => hs.control.createObject('contacts', {}, { at: 'yesterday' }), /epoch milliseconds or an ISO time/);
});

t.test('Bitly: generated and direct links, seeded, at the time asked', async (t) => {
  const clock = manualClock(Date.parse('2026-05-01T08:00:00.900Z'));
  const a = await startBitlySandbox({ clock });
  t.teardown(() => a.close());
  const b = await startBitlySandbox({ clock });
  t.teardown(() => b.close());
  const made = a.control.stepActivity(5);
  t.same(withoutTimes(b.control.stepActivity(5)), withoutTimes(made), 'same seed: same hashes, URLs and titles');
  t.ok(made.every((c) => c.action === 'createBitlink' && /^bit\.ly\/[A-Za-z0-9]{7}$/.test(c.id)));
  const token = a.control.issueToken().access_token;
  const got = await call(`${a.apiBaseUrl}/bitlinks/${made[0].id}`, { token });
  t.equal(got.body.created_at, '2026-05-01T08:00:00+0000');
  t.equal(got.body.long_url, made[0].properties.long_url);

  const direct = a.control.createLink({ long_url: 'https://example.com/direct', title: 'Direct', at: '2026-04-30T23:59:59.000Z' });
  t.match(direct, { id: /^bit\.ly\//, created_at: '2026-04-30T23:59:59+0000', title: 'Direct' });
  t.throws(() => a.control.createLink({ long_url: 'ftp://x' }), /http/);
  t.throws(() => a.control.createLink({ long_url: 'https://x.example', group_guid: 'Bnope' }), /unknown group/);
  // Listing is by creation time, newest first: the link made "yesterday" comes last.
  const list = await call(`${a.apiBaseUrl}/groups/${a.fixtures.groupGuid}/bitlinks`, { token });
  t.equal(list.body.links.at(-1).id, direct.id);
});
