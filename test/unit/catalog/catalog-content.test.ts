/**
 * The two sample toolkits say what spec 2.6 and the provider reference say: auth configuration,
 * slugs, tags, scopes, and the limits and error codes an agent must know, in the descriptions.
 */
import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import type { OAuth2AuthMethodDef } from '../../../src/catalog/catalog-schema.js';

const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
const tool = (slug: string) => {
  const x = catalog.getTool(slug);
  if (!x) throw new Error(`missing ${slug}`);
  return x;
};

/** Spec 2.6 "Link-shortening toolkit" suffixes, grouped as the spec lists them. */
const BITLY_SUFFIXES = [
  'ADD_CUSTOM_SHORTLINK CREATE_SHORTLINK CREATE_FULL_SHORTLINK DELETE_SHORTLINK EXPAND_SHORTLINK GET_SHORTLINK GET_SHORTLINKS_BY_GROUP',
  'GET_SORTED_SHORTLINKS UPDATE_SHORTLINK UPDATE_SHORTLINKS_BY_GROUP GET_CUSTOM_SHORTLINK UPDATE_CUSTOM_SHORTLINK',
  'CREATE_CAMPAIGN GET_CAMPAIGN GET_CAMPAIGNS UPDATE_CAMPAIGN CREATE_CHANNEL GET_CHANNEL GET_CHANNELS UPDATE_CHANNEL',
  'CREATE_QRCODE_PUBLIC CREATE_STATIC_QRCODE_PUBLIC DELETE_QRCODE GET_QRCODE_BY_ID_PUBLIC GET_QRCODE_IMAGE_PUBLIC LIST_QRMINIMAL',
  'UPDATE_QRCODE_PUBLIC GET_SCAN_METRICS_FOR_QRCODE GET_SCAN_METRICS_FOR_QRCODE_BY_BROWSER GET_SCAN_METRICS_FOR_QRCODE_BY_CITIES',
  'GET_SCAN_METRICS_FOR_QRCODE_BY_COUNTRIES GET_SCAN_METRICS_FOR_QRCODE_BY_DEVICES_OS GET_SCAN_METRICS_SUMMARY_FOR_QRCODE',
  'CREATE_WEBHOOK DELETE_WEBHOOK GET_WEBHOOK GET_WEBHOOKS UPDATE_WEBHOOK VERIFY_WEBHOOK',
  'GET_CLICKS_FOR_SHORTLINK GET_CLICKS_FOR_CUSTOM_SHORTLINK GET_CLICKS_SUMMARY_FOR_SHORTLINK GET_CUSTOM_SHORTLINK_METRICS_BY_DESTINATION',
  'GET_ENGAGEMENTS GET_ENGAGEMENTS_SUMMARY GET_METRICS_FOR_SHORTLINK_BY_CITIES GET_METRICS_FOR_SHORTLINK_BY_COUNTRIES',
  'GET_METRICS_FOR_SHORTLINK_BY_DEVICES GET_METRICS_FOR_SHORTLINK_BY_REFERRER_NAME GET_METRICS_FOR_SHORTLINK_BY_REFERRERS',
  'GET_METRICS_FOR_SHORTLINK_BY_REFERRERS_BY_DOMAINS GET_METRICS_FOR_SHORTLINK_BY_REFERRING_DOMAINS',
  'GET_GROUP GET_GROUPS UPDATE_GROUP GET_GROUP_PREFERENCES UPDATE_GROUP_PREFERENCES GET_GROUP_SHORTEN_COUNTS GET_GROUP_TAGS',
  'GET_GROUP_FEATURE_USAGE GET_GROUP_HISTORICAL_USAGE GET_GROUP_CLICKS GET_GROUP_CODE_SCANS_BY_CITY GET_GROUP_CODE_SCANS_BY_COUNTRY',
  'GET_GROUP_CODE_SCANS_OVER_TIME GET_GROUP_LINK_CLICKS_BY_CITY GET_GROUP_LINK_CLICKS_BY_COUNTRY GET_GROUP_LINK_CLICKS_BY_DEVICE',
  'GET_GROUP_LINK_CLICKS_BY_REFERRER GET_GROUP_LINK_CLICKS_OVER_TIME GET_GROUP_METRICS_BY_CITIES GET_GROUP_METRICS_BY_COUNTRIES',
  'GET_GROUP_METRICS_BY_DEVICES GET_GROUP_METRICS_BY_REFERRER GET_GROUP_METRICS_BY_REFERRING_NETWORKS GET_GROUP_METRICS_OVER_TIME',
  'GET_GROUP_TOP_CODE_SCANS GET_GROUP_TOP_LINK_CLICKS GET_GROUP_TOP_METRICS GET_TOP_LINKS_AND_QRCODES_BY_ENGAGEMENTS POST_CREATE_GROUP_EXPORT',
  'GET_BSDS GET_OAUTH_APP GET_ORGANIZATION GET_ORGANIZATIONS GET_ORGANIZATION_SHORTEN_COUNTS GET_ORGANIZATION_SHORTEN_COUNTS_BY_GROUP',
  'GET_PLAN_LIMITS GET_PLATFORM_LIMITS GET_USER UPDATE_USER',
].flatMap((line) => line.split(' '));

t.test('HubSpot toolkit: OAuth configuration', async (t) => {
  const tk = catalog.getToolkit('hubspot');
  t.match(tk, { name: 'HubSpot', version: 'v1.0.0', baseUrl: 'https://api.hubapi.com', allowedHosts: ['api.hubapi.com'], noAuth: false });
  t.equal(tk?.authMethods.length, 1);
  const m = tk?.authMethods[0] as OAuth2AuthMethodDef;
  t.equal(m.kind, 'oauth2');
  t.same(m.oauth2, {
    authorizeUrl: 'https://app.hubspot.com/oauth/authorize',
    tokenUrl: 'https://api.hubapi.com/oauth/v1/token',
    tokenRequestEncoding: 'form',
    clientAuth: 'body',
    defaultScopes: [
      'crm.objects.companies.read', 'crm.objects.companies.write', 'crm.objects.contacts.read',
      'crm.objects.contacts.write', 'crm.objects.deals.read', 'crm.objects.deals.write', 'oauth',
    ],
    scopeSeparator: ' ',
    scopeParam: 'scope',
    pkce: true,
    refresh: true,
    revocation: {
      url: 'https://api.hubapi.com/oauth/v1/refresh-tokens/{token}',
      method: 'DELETE',
      tokenParam: 'token',
      encoding: 'path',
      revokes: ['refresh_token'],
    },
  });
  t.same(m.inject, [{ in: 'header', name: 'Authorization', value: 'Bearer {access_token}' }]);
});

t.test('Bitly toolkit: OAuth configuration', async (t) => {
  const tk = catalog.getToolkit('bitly');
  t.match(tk, { name: 'Bitly', baseUrl: 'https://api-ssl.bitly.com/v4', allowedHosts: ['api-ssl.bitly.com'], noAuth: false });
  const m = tk?.authMethods[0] as OAuth2AuthMethodDef;
  t.match(m.oauth2, {
    authorizeUrl: 'https://bitly.com/oauth/authorize',
    tokenUrl: 'https://api-ssl.bitly.com/oauth/access_token',
    tokenRequestEncoding: 'form',
    tokenResponseAccept: 'application/json',
    defaultScopes: [],
    pkce: false,
    refresh: false,
    revocation: null,
  });
  t.equal(tk?.authMethods.length, 1);
});

t.test('HubSpot tools: 3 objects x 6 actions, tag, version, scopes', async (t) => {
  const expected = ['COMPANIES', 'CONTACTS', 'DEALS'].flatMap((o) =>
    ['ARCHIVE', 'CREATE', 'GET', 'LIST', 'SEARCH', 'UPDATE'].map((a) => `HUBSPOT_${o}_${a}`),
  );
  t.same(catalog.toolsOf('hubspot').map((x) => x.slug), expected);
  for (const slug of expected) {
    const [, obj, action] = slug.split('_');
    const x = tool(slug);
    const access = ['GET', 'LIST', 'SEARCH'].includes(action) ? 'read' : 'write';
    t.same([x.tags, x.version, x.deprecated, x.scopes], [[obj.toLowerCase()], 'v1.0.0', false, [`crm.objects.${obj.toLowerCase()}.${access}`]], slug);
  }
  for (const o of ['COMPANIES', 'CONTACTS', 'DEALS']) {
    t.same(tool(`HUBSPOT_${o}_CREATE`).input.required, ['properties']);
    t.ok(tool(`HUBSPOT_${o}_CREATE`).input.properties.associations, 'optional associations');
    t.same(tool(`HUBSPOT_${o}_UPDATE`).request.query, ['idProperty']);
    t.same(tool(`HUBSPOT_${o}_UPDATE`).request.body, { fields: ['properties'] });
  }
});

t.test('Bitly tools: exactly the 91 suffixes of spec 2.6, no scopes', async (t) => {
  t.equal(BITLY_SUFFIXES.length, 91);
  t.same(catalog.toolsOf('bitly').map((x) => x.slug).sort(), BITLY_SUFFIXES.map((s) => `BITLY_${s}`).sort());
  for (const x of catalog.toolsOf('bitly')) t.same(x.scopes, [], `${x.slug} declares no scopes`);
});

t.test('descriptions carry the limits and provider error codes of spec 2.6 and the reference', async (t) => {
  const says = (slug: string, ...patterns: RegExp[]) => {
    for (const p of patterns) t.match(tool(slug).description, p, `${slug} mentions ${p}`);
  };
  for (const s of ['BITLY_CREATE_SHORTLINK', 'BITLY_CREATE_FULL_SHORTLINK']) says(s, /BRANDED_LINK_MONTHLY_LIMIT_EXCEEDED/, /DNS_CONFIGURATION_ERROR/);
  says('BITLY_UPDATE_SHORTLINK', /long_url/, /encode/);
  says('BITLY_UPDATE_SHORTLINKS_BY_GROUP', /up to 100/);
  t.match(tool('BITLY_UPDATE_SHORTLINKS_BY_GROUP').input.properties.links, { minItems: 1, maxItems: 100 });
  says('BITLY_GET_GROUP_TAGS', /at most 1000/);
  says('BITLY_GET_ORGANIZATIONS', /allowed_orgs/, /include_all/, /require_sso/, /require_2fa/);
  for (const s of ['BITLY_CREATE_STATIC_QRCODE_PUBLIC', 'BITLY_GET_QRCODE_IMAGE_PUBLIC']) {
    says(s, /application\/json/, /image\/svg\+xml/, /image\/png/, /format/);
  }
  says('BITLY_CREATE_STATIC_QRCODE_PUBLIC', /gradient, background_gradient, frame, text and logo/, /enabled for the account/);
  says('BITLY_POST_CREATE_GROUP_EXPORT', /link_engagements_batch/, /links_list/, /qr_codes_list/, /200 rows/, /1000 rows/, /truncated/, /row_count/);
  says('BITLY_DELETE_SHORTLINK', /unedited hash/);
  says('BITLY_DELETE_QRCODE', /never redirected/, /custom link/);
  says('BITLY_ADD_CUSTOM_SHORTLINK', /domains must match/);
  says('BITLY_VERIFY_WEBHOOK', /ping/);
  for (const o of ['COMPANIES', 'CONTACTS', 'DEALS']) {
    says(`HUBSPOT_${o}_SEARCH`, /200/, /10,000/);
    says(`HUBSPOT_${o}_LIST`, /1 to 100/, /paging\.next\.after/);
    says(`HUBSPOT_${o}_ARCHIVE`, /204/, /90 days/);
  }
  says('HUBSPOT_CONTACTS_CREATE', /409 CONFLICT/);
});

t.test('every tool and argument is described for an agent', async (t) => {
  for (const tk of catalog.toolkits()) {
    for (const x of catalog.toolsOf(tk.slug)) {
      t.ok(x.description.length >= 60, `${x.slug} description is substantive`);
      t.equal(x.input.additionalProperties, false, `${x.slug} refuses unknown arguments`);
      for (const [name, prop] of Object.entries(x.input.properties)) {
        t.ok((prop.description ?? '').length >= 10, `${x.slug}.${name} is described`);
      }
    }
  }
  t.match(tool('BITLY_GET_SHORTLINK').input.properties.bitlink.description, /domain\/hash without scheme/);
});
