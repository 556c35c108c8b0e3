import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BUILTIN_CATALOG_DIR, checkCatalogDirs, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { createCatalogService } from '../../../src/catalog/catalog-service.js';
import { BrokerError } from '../../../src/errors.js';

// "One of these arguments" (root anyOf/oneOf of required sets) and suggestions for unknown slugs.
const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
const service = createCatalogService({ catalog, isManagedClientConfigured: () => false });
const acme = fileURLToPath(new URL('../../fixtures/catalog-extra/acme/toolkit.json', import.meta.url));

t.test('BITLY_CREATE_FULL_SHORTLINK needs exactly one of long_url and bitlink_id', async (t) => {
  t.same(catalog.validateInput('BITLY_CREATE_FULL_SHORTLINK', {}), {
    ok: false,
    errors: [{ field: '', message: 'needs exactly one of: long_url, bitlink_id' }],
  });
  t.same(catalog.validateInput('BITLY_CREATE_FULL_SHORTLINK', { long_url: 'https://a.example', bitlink_id: 'bit.ly/x' }), {
    ok: false,
    errors: [{ field: '', message: 'needs exactly one of: long_url, bitlink_id (got long_url and bitlink_id)' }],
  });
  t.same(catalog.validateInput('BITLY_CREATE_FULL_SHORTLINK', { long_url: 'https://a.example' }), {
    ok: true,
    value: { long_url: 'https://a.example', domain: 'bit.ly' },
  });
  t.equal(catalog.validateInput('BITLY_CREATE_FULL_SHORTLINK', { bitlink_id: 'bit.ly/x', keyword: 'k' }).ok, true);
  const mixed = catalog.validateInput('BITLY_CREATE_FULL_SHORTLINK', { title: 3 });
  t.same(mixed.ok ? [] : mixed.errors, [
    { field: '', message: 'needs exactly one of: long_url, bitlink_id' },
    { field: 'title', message: 'must be string' },
  ], 'other errors are still reported, without per-branch "is required" noise');
});

t.test('a nested required-set rule reads the same (QR code destination)', async (t) => {
  const r = catalog.validateInput('BITLY_CREATE_QRCODE_PUBLIC', { group_guid: 'g', destination: { title: 'x' } });
  t.same(r.ok ? [] : r.errors, [{ field: 'destination', message: 'needs one of: bitlink_id, long_url' }]);
  t.equal(catalog.validateInput('BITLY_CREATE_QRCODE_PUBLIC', { group_guid: 'g', destination: { long_url: 'https://a.example' } }).ok, true);
});

t.test('getTool serves the rule unchanged in inputParameters', async (t) => {
  const input = service.getTool('BITLY_CREATE_FULL_SHORTLINK').inputParameters as Record<string, unknown>;
  t.same(input.oneOf, [{ required: ['long_url'] }, { required: ['bitlink_id'] }]);
});

t.test('the loader only accepts required sets of existing inputs, naming file and field', async (t) => {
  const tool = (input: Record<string, unknown>) =>
    JSON.stringify({
      slug: 'ACME_FIND',
      name: 'Find',
      description: 'Find a widget by id or name.',
      tags: [],
      version: 'v1.0.0',
      scopes: [],
      input: { type: 'object', properties: { id: { type: 'string', description: 'Id.' }, name: { type: 'string', description: 'Name.' } }, additionalProperties: false, ...input },
      request: { method: 'GET', path: '/widgets', query: ['id', 'name'] },
    });
  const dirWith = (input: Record<string, unknown>) =>
    t.testdir({ acme: { 'toolkit.json': readFileSync(acme, 'utf8'), tools: { 'ACME_FIND.json': tool(input) } } });
  t.same(checkCatalogDirs([dirWith({ anyOf: [{ required: ['id'] }, { required: ['name'] }] })]).problems, []);
  const unknown = checkCatalogDirs([dirWith({ oneOf: [{ required: ['id'] }, { required: ['nme'] }] })]).problems;
  t.equal(unknown.length, 1);
  t.match(unknown[0], { file: /acme\/tools\/ACME_FIND\.json$/, field: '/input/oneOf/1/required/0', message: 'names no input property "nme"' });
  const other = checkCatalogDirs([dirWith({ anyOf: [{ required: ['id'], type: 'object' }, { required: ['name'] }] })]).problems;
  t.match(other, [{ field: '/input/anyOf/0/type', message: 'is not an allowed property' }], 'only {required} objects');
  const single = checkCatalogDirs([dirWith({ oneOf: [{ required: ['id'] }] })]).problems;
  t.match(single, [{ field: '/input/oneOf' }], 'at least two alternatives');
});

t.test('unknown tool slugs: 404 suggesting the close ones', async (t) => {
  const wrong = (slug: string) => {
    try {
      service.getTool(slug);
    } catch (err) {
      return err as BrokerError;
    }
    throw new Error(`${slug} was found`);
  };
  t.match(wrong('hubspot_contacts_get'), {
    code: 'NOT_FOUND',
    message: 'Tool hubspot_contacts_get not found; did you mean HUBSPOT_CONTACTS_GET?',
    data: { suggestions: ['HUBSPOT_CONTACTS_GET'] },
  });
  t.same(wrong('HUBSPOT_CONTACT_GET').data, { suggestions: ['HUBSPOT_CONTACTS_GET'] }, 'one typo');
  t.equal(wrong('HUBSPOT_GET_CONTACTS').message, 'Tool HUBSPOT_GET_CONTACTS not found; did you mean HUBSPOT_CONTACTS_GET?', 'word order');
  t.equal(wrong('BITLY_GET_CHANEL').message, 'Tool BITLY_GET_CHANEL not found; did you mean BITLY_GET_CHANNEL or BITLY_GET_CHANNELS?', 'several, closest first');
  t.equal(wrong('HUBSPOT_NOPE').data, undefined, 'nothing close: no suggestion');
  t.same(catalog.unknownTool('bitly_get_user'), wrong('bitly_get_user'), 'executeTool uses the same error');
});
