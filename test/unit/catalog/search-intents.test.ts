import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { loadSearchIntents, scoreSearchIntents } from '../../../sandbox/support/search-intents.js';

// Relevance on requests in people's words (sandbox/support/search-intents.json, also reported by
// `npm run bench -- --only-search`). Deterministic: rankings only, no timing.
const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
const top = (search: string, limit = 3) => catalog.searchTools({ search, limit }).items.map((x) => x.slug);

t.test('the requests named in the issue', async (t) => {
  t.ok(top('shorten a link').includes('BITLY_CREATE_SHORTLINK'), `"shorten a link" has BITLY_CREATE_SHORTLINK in the top 3: ${top('shorten a link').join(', ')}`);
  t.equal(top('find a contact by email')[0], 'HUBSPOT_CONTACTS_SEARCH');
});

t.test('verbs and nouns people use for what slugs name', async (t) => {
  t.equal(top('delete a contact')[0], 'HUBSPOT_CONTACTS_ARCHIVE', 'HubSpot deletes by archiving');
  t.equal(top('add a company to the crm')[0], 'HUBSPOT_COMPANIES_CREATE');
  t.equal(top('update a contact\'s phone number')[0], 'HUBSPOT_CONTACTS_UPDATE', 'possessive s and words no tool uses are ignored');
  t.equal(top('open an opportunity')[0], 'HUBSPOT_DEALS_CREATE');
  t.equal(top('delete a bitlink')[0], 'BITLY_DELETE_SHORTLINK', 'a literal word beats its synonym');
  t.equal(top('get organization details')[0], 'BITLY_GET_ORGANIZATION', 'organization is a Bitly word before it is a HubSpot company');
});

t.test('the intent set covers every tool and reaches hit@3 >= 95%', async (t) => {
  const intents = loadSearchIntents();
  t.ok(intents.length >= 100, `${intents.length} intents`);
  const tools = new Set(catalog.toolkits().flatMap((k) => catalog.toolsOf(k.slug).map((x) => x.slug)));
  t.same(intents.filter((i) => !tools.has(i.tool)), [], 'every intent names a catalog tool');
  t.equal(new Set(intents.map((i) => i.tool)).size, tools.size, 'every tool has an intent');
  const score = scoreSearchIntents(catalog, intents);
  t.ok(score.hit3 >= 0.95, `hit@3 ${score.hit3.toFixed(3)} (hit@1 ${score.hit1.toFixed(3)}); missed: ${score.misses.map((m) => m.query).join(' | ')}`);
});
