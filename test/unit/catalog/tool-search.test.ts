import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { boundedDistance, stem, ToolSearchIndex } from '../../../src/catalog/tool-search.js';

const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
const top = (search: string, limit = 5, toolkit?: string) => catalog.searchTools({ search, limit, toolkit }).items.map((x) => x.slug);

t.test('typos and word order still find the right tool first', async (t) => {
  const cases: [string, string][] = [
    ['HUBSPOT_CONTCTS_CREATE', 'HUBSPOT_CONTACTS_CREATE'],
    ['contcts create', 'HUBSPOT_CONTACTS_CREATE'],
    ['create contact', 'HUBSPOT_CONTACTS_CREATE'],
    ['contact create', 'HUBSPOT_CONTACTS_CREATE'],
    ['Create a contact in HubSpot', 'HUBSPOT_CONTACTS_CREATE'],
    ['shortlink create', 'BITLY_CREATE_SHORTLINK'],
    ['create shortlink', 'BITLY_CREATE_SHORTLINK'],
    ['serach deals', 'HUBSPOT_DEALS_SEARCH'],
    ['deals search', 'HUBSPOT_DEALS_SEARCH'],
    ['organizatons', 'BITLY_GET_ORGANIZATION'],
    ['qr code image', 'BITLY_GET_QRCODE_IMAGE_PUBLIC'],
    ['webhook ping', 'BITLY_VERIFY_WEBHOOK'],
    ['export csv', 'BITLY_POST_CREATE_GROUP_EXPORT'],
    ['bulk archive links', 'BITLY_UPDATE_SHORTLINKS_BY_GROUP'],
    ['qrcode scans countries', 'BITLY_GET_SCAN_METRICS_FOR_QRCODE_BY_COUNTRIES'],
  ];
  for (const [query, expected] of cases) t.equal(top(query)[0], expected, `"${query}" -> ${expected}`);
});

t.test('exact slug ranks first, then slug-prefix matches', async (t) => {
  // BITLY_GET_GROUP is a prefix of 30 other slugs; the exact one must still come first.
  const r = top('BITLY_GET_GROUP', 40);
  t.equal(r[0], 'BITLY_GET_GROUP');
  t.equal(top('bitly_get_group')[0], 'BITLY_GET_GROUP', 'case-insensitive');
  t.equal(top('bitly get group')[0], 'BITLY_GET_GROUP', 'spaces for underscores');
  const prefix = catalog.searchTools({ search: 'HUBSPOT_CONTACTS', limit: 50 }).items.map((x) => x.slug);
  t.same(prefix.slice(0, 6).sort(), [
    'HUBSPOT_CONTACTS_ARCHIVE',
    'HUBSPOT_CONTACTS_CREATE',
    'HUBSPOT_CONTACTS_GET',
    'HUBSPOT_CONTACTS_LIST',
    'HUBSPOT_CONTACTS_SEARCH',
    'HUBSPOT_CONTACTS_UPDATE',
  ]);
  const groups = catalog.searchTools({ search: 'BITLY_GET_GROUP_M', limit: 10 }).items.map((x) => x.slug);
  t.ok(groups.slice(0, 6).every((s) => s.startsWith('BITLY_GET_GROUP_METRICS')), 'prefix tier before token matches');
});

t.test('toolkit filter, paging and totals', async (t) => {
  t.same(top('create', 10, 'bitly').every((s) => s.startsWith('BITLY_')), true);
  t.same(catalog.searchTools({ search: 'create', toolkit: 'nope', limit: 5 }), { items: [], total: 0 });
  const all = catalog.searchTools({ limit: 500 });
  t.equal(all.total, 109);
  t.same(all.items.map((x) => x.slug), [...all.items.map((x) => x.slug)].sort(), 'no search: slug order');
  const page = catalog.searchTools({ toolkit: 'hubspot', limit: 5, offset: 15 });
  t.equal(page.total, 18);
  t.same(page.items.map((x) => x.slug), ['HUBSPOT_DEALS_LIST', 'HUBSPOT_DEALS_SEARCH', 'HUBSPOT_DEALS_UPDATE']);
  const full = catalog.searchTools({ search: 'group metrics', limit: 500 });
  const paged = [0, 5, 10].flatMap((offset) => catalog.searchTools({ search: 'group metrics', limit: 5, offset }).items.map((x) => x.slug));
  t.same(paged, full.items.slice(0, 15).map((x) => x.slug), 'pages are consistent with the full ranking');
  t.equal(catalog.searchTools({ search: 'zzzzqqq', limit: 5 }).total, 0, 'nonsense finds nothing');
});

t.test('words side by side in a clause count as a phrase', async (t) => {
  const rank = (tools: { slug: string; description: string }[], q: string) => {
    const idx = new ToolSearchIndex(tools.map((x) => ({ ...x, name: '', toolkit: 't' })));
    return idx.search(q, { limit: 5 }).items.map((i) => tools[i].slug);
  };
  // Same words in both tools; without the phrase rule they tie and slug order puts ALPHA first.
  const alpha = { slug: 'T_ALPHA_ITEM', description: 'Empties the bin and can recycle it.' };
  const cases: [omegaDescription: string, expected: string[], message: string][] = [
    ['Moves the item to the recycle bin.', ['T_OMEGA_ITEM', 'T_ALPHA_ITEM'], 'adjacent (stop words aside) beats scattered'],
    ['Choose what to recycle, bin or keep.', ['T_ALPHA_ITEM', 'T_OMEGA_ITEM'], 'a comma ends the phrase'],
    [
      'Reads one item. Use T_ALPHA_ITEM to empty the recycle bin.',
      ['T_ALPHA_ITEM', 'T_OMEGA_ITEM'],
      'a clause naming another tool describes that tool, not this one',
    ],
  ];
  for (const [description, expected, message] of cases)
    t.same(rank([alpha, { slug: 'T_OMEGA_ITEM', description }], 'recycle bin'), expected, message);
  t.same(rank([{ slug: 'T_OMEGA_ITEM', description: 'Moves the item to the recycle bin.' }], 'bin recycle'), ['T_OMEGA_ITEM'], 'order of the pair matters only for the bonus');
  t.equal(top('find a contact by email')[0], 'HUBSPOT_CONTACTS_SEARCH', "GET's \"use HUBSPOT_CONTACTS_SEARCH to find a contact\" is not GET's phrase");
});

t.test('a tool answering more of the query words ranks higher', async (t) => {
  // MOVE names two query words in its slug; ARCHIVE has one there and the other three in its
  // description. Relevance scaled by the share of words matched puts ARCHIVE first.
  const tools = [
    { slug: 'T_CONTACT_ARCHIVE', name: 'Archive contact', description: 'The contact moves to the trash, restorable for 90 days.', toolkit: 't' },
    { slug: 'T_CONTACT_MOVE', name: 'Move contact', description: 'Moves a contact to another folder.', toolkit: 't' },
    { slug: 'T_CONTACT_GET', name: 'Get contact', description: 'Reads a contact.', toolkit: 't' },
  ];
  const idx = new ToolSearchIndex(tools);
  t.equal(tools[idx.search('move contact trash restorable', { limit: 3 }).items[0]].slug, 'T_CONTACT_ARCHIVE');
});

t.test('helpers', async (t) => {
  t.equal(boundedDistance('contcts', 'contacts', 1), 1);
  t.equal(boundedDistance('contcat', 'contact', 1), 1, 'transposition counts once');
  t.equal(boundedDistance('abcdef', 'uvwxyz', 2), 3, 'gives up past the bound');
  t.equal(stem('companies'), 'company');
  t.equal(stem('contacts'), 'contact');
  t.equal(stem('address'), 'address');
  t.equal(stem('notified'), 'notify', '-ied');
  t.equal(stem('copied'), stem('copies'));
  t.equal(stem('notifications'), 'notify', '-ification nouns meet their verb');
  t.equal(stem('verification'), stem('verify'));
  const idx = new ToolSearchIndex([
    { slug: 'X_B', name: 'b', description: '', toolkit: 'x' },
    { slug: 'X_A', name: 'a', description: '', toolkit: 'x' },
  ]);
  t.same(idx.search('', { limit: 10 }), { items: [1, 0], total: 2 }, 'returns indices of the input array, in slug order');
});
