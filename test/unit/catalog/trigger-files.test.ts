/** Trigger files (`<toolkit>/triggers/<SLUG>.json`): the shipped ones load and are counted; broken ones are refused with file and pointer. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { BUILTIN_CATALOG_DIR, CatalogError, checkCatalogDirs, loadCatalog, type CatalogProblem } from '../../../src/catalog/catalog-loader.js';

const BAD_TRIGGER = fileURLToPath(new URL('../../fixtures/catalog-bad-trigger', import.meta.url));

const read = (rel: string): Record<string, unknown> => JSON.parse(readFileSync(join(BUILTIN_CATALOG_DIR, rel), 'utf8')) as Record<string, unknown>;

/** The problems of a catalog dir, as [file relative to it, pointer, message]. */
function problemsOf(dir: string): [string, string, string][] {
  const r = checkCatalogDirs([dir]);
  return r.problems.map((p: CatalogProblem) => [p.file.slice(dir.length + 1), p.field, p.message]);
}

/** A catalog dir with the shipped HubSpot toolkit and the given trigger files (name -> content). */
function hubspotWith(t: Test, triggers: Record<string, unknown>, toolkit: Record<string, unknown> = read('hubspot/toolkit.json')): string {
  const files = Object.fromEntries(Object.entries(triggers).map(([name, doc]) => [name, JSON.stringify(doc)]));
  return t.testdir({ hubspot: { 'toolkit.json': JSON.stringify(toolkit), triggers: files } });
}

t.test('the shipped triggers load, are counted per toolkit and validate their config', async (t) => {
  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
  t.same(
    catalog.triggers().map((e) => e.trigger.slug),
    [
      'BITLY_SHORTLINK_CREATED',
      'HUBSPOT_COMPANY_CREATED',
      'HUBSPOT_CONTACT_CREATED',
      'HUBSPOT_CONTACT_UPDATED',
      'HUBSPOT_DEAL_CREATED',
      'HUBSPOT_DEAL_STAGE_CHANGED',
    ],
  );
  t.equal(catalog.triggersCountOf('hubspot'), 5);
  t.equal(catalog.triggersCountOf('bitly'), 1);
  t.equal(catalog.triggersCountOf('nope'), 0);
  t.same(
    catalog.triggers(['bitly']).map((e) => e.trigger.slug),
    ['BITLY_SHORTLINK_CREATED'],
  );
  t.equal(catalog.getTriggerEntry('HUBSPOT_DEAL_STAGE_CHANGED')?.toolkit.slug, 'hubspot');
  for (const tk of ['hubspot/toolkit.json', 'bitly/toolkit.json']) t.notOk('triggersCount' in read(tk), `${tk} writes no triggersCount`);

  const ok = catalog.validateTriggerConfig('HUBSPOT_CONTACT_CREATED', { interval: 0.5 });
  t.ok(ok.ok, 'fractions of a minute are allowed');
  if (ok.ok) t.match(ok.value, { interval: 0.5, properties: ['email', 'firstname', 'lastname'] }, 'defaults applied');
  const bad = catalog.validateTriggerConfig('BITLY_SHORTLINK_CREATED', { interval: 0 });
  t.notOk(bad.ok);
  if (!bad.ok) {
    t.ok(bad.errors.some((e) => e.field === 'interval'));
    t.ok(bad.errors.some((e) => /group_guid/.test(e.message) || e.field === 'group_guid'), 'group_guid is required');
  }
  t.same(catalog.validateTriggerConfig('NOPE', {}), { ok: false, errors: [{ field: '', message: 'unknown trigger NOPE' }] });
});

t.test('broken trigger files are refused, every problem with its file and JSON pointer', async (t) => {
  const p = problemsOf(BAD_TRIGGER);
  const created = 'acme/triggers/ACME_WIDGET_CREATED.json';
  t.same(p.sort(), [
    ['acme/toolkit.json', '/triggersCount', 'is 5 but triggers/ holds 2 file(s); remove the field, the count is taken from the files'],
    [created, '/config/properties/interval/type', 'must be "number" (minutes, fractions allowed)'],
    [created, '/poll/arguments/project', 'placeholder {config.project} is not known in poll arguments (known: {since}, {config.interval})'],
    [created, '/poll/arguments/unused', 'is not sent anywhere (not in path, query, headers or body)'],
    [created, '/poll/fetch', 'is true but the trigger has no "fetch" to read items with'],
    [created, '/poll/initial/sort', '"sort" is not one of poll.arguments'],
    [created, '/poll/paging/argument', '"cursor" is set by the poller; remove it from poll.arguments'],
    [created, '/poll/request/query/2', '"limit" is not an argument'],
    ['acme/triggers/ACME_WIDGET_DELETED.json', '/color', 'is not an allowed property'],
    ['acme/triggers/ACME_WIDGET_DELETED.json', '/webhook/itemId', 'must match pattern "^(/([^~/]|~[01])*)*$"'],
  ]);
  let caught: unknown;
  try {
    loadCatalog({ dirs: [BAD_TRIGGER] });
  } catch (err) {
    caught = err;
  }
  t.type(caught, CatalogError);
  t.match((caught as Error).message, /ACME_WIDGET_CREATED\.json \/poll\/request\/query\/2: "limit" is not an argument/);
});

t.test('type, slug, placeholders and subscriptions are cross-checked', async (t) => {
  const created = read('hubspot/triggers/HUBSPOT_CONTACT_CREATED.json');
  const poll = created.poll as Record<string, unknown>;
  const webhook = created.webhook as Record<string, unknown>;
  const dir = hubspotWith(t, {
    // A webhook trigger may not poll; a poll trigger needs its poll block.
    'HUBSPOT_CONTACT_GONE.json': { ...created, slug: 'HUBSPOT_CONTACT_GONE', type: 'webhook' },
    'HUBSPOT_NO_POLL.json': { ...created, slug: 'HUBSPOT_NO_POLL', poll: undefined },
    // Wrong prefix and a file named after another slug.
    'HUBSPOT_X.json': { ...created, slug: 'BITLY_X' },
    // {since} in the first poll (it has no mark) and nowhere in the arguments; {item.id} only in fetch.
    'HUBSPOT_NO_MARK.json': {
      ...created,
      slug: 'HUBSPOT_NO_MARK',
      poll: { ...poll, arguments: { ...(poll.arguments as object), filterGroups: [], properties: '{item.id}' }, initial: { limit: '{since}' } },
      webhook: { ...webhook, subscriptions: [{ type: 'contact.creation' }, { type: 'contact.creation' }] },
    },
  });
  const p = problemsOf(dir);
  const has = (file: string, pointer: string, message: RegExp) => p.some(([f, at, m]) => f === `hubspot/triggers/${file}` && at === pointer && message.test(m));
  t.ok(has('HUBSPOT_CONTACT_GONE.json', '/poll', /must be absent for type "webhook"/));
  t.ok(has('HUBSPOT_NO_POLL.json', '/poll', /is required for type "poll"/));
  t.ok(has('HUBSPOT_X.json', '/slug', /prefix HUBSPOT_/));
  t.ok(has('HUBSPOT_X.json', '/slug', /expected BITLY_X\.json/));
  t.ok(has('HUBSPOT_NO_MARK.json', '/poll/initial/limit', /\{since\} is not known in the first poll's arguments/));
  t.ok(has('HUBSPOT_NO_MARK.json', '/poll/arguments/properties', /\{item\.id\} is not known in poll arguments/));
  t.ok(has('HUBSPOT_NO_MARK.json', '/poll/arguments', /must use \{since\}/));
  t.ok(has('HUBSPOT_NO_MARK.json', '/webhook/subscriptions/1', /duplicate subscription contact\.creation/));
  t.equal(p.filter(([f]) => f.endsWith('HUBSPOT_CONTACT_GONE.json')).length, 1, 'one problem per mistake');
});

t.test('a duplicate trigger slug across dirs is refused; a written triggersCount equal to the files is tolerated', async (t) => {
  const created = read('hubspot/triggers/HUBSPOT_CONTACT_CREATED.json');
  const dir = hubspotWith(t, { 'HUBSPOT_CONTACT_CREATED.json': created }, { ...read('hubspot/toolkit.json'), slug: 'hubspot', triggersCount: 1 });
  t.same(problemsOf(dir), [], 'triggersCount 1 with one file');
  const r = checkCatalogDirs([BUILTIN_CATALOG_DIR, dir]);
  t.ok(r.problems.some((p) => p.field === '/slug' && /duplicate trigger slug "HUBSPOT_CONTACT_CREATED"/.test(p.message)));
});

t.test("every shipped trigger request is one of its toolkit's tool calls (so the provider reference checks it too)", async (t) => {
  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
  for (const { trigger, toolkit } of catalog.triggers()) {
    const requests = [
      ['poll', trigger.poll?.request],
      ['fetch', trigger.fetch?.request],
    ] as const;
    for (const [what, req] of requests) {
      if (!req) continue;
      const tool = catalog.toolsOf(toolkit.slug).find((x) => x.request.method === req.method && x.request.path === req.path);
      t.ok(tool, `${trigger.slug} ${what}: ${req.method} ${req.path} is a tool's call`);
      if (!tool) continue;
      const names = (r: typeof req) => [...(r.query ?? []), ...(r.body && r.body !== 'all' ? r.body.fields : [])];
      const extra = names(req).filter((n) => !names(tool.request).includes(n));
      t.same(extra, [], `${trigger.slug} ${what} sends only what ${tool.slug} may send`);
    }
  }
});
