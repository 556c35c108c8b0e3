/**
 * `broker tool render` (src/catalog/request-preview.ts, bin/catalog-cli.ts): the request a call would
 * send, arguments validated with defaults applied, credentials masked; and form-encoded bodies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { formatHttpRequest, previewRequest } from '../../../src/catalog/request-preview.js';
import { importOpenApi } from '../../../src/catalog/import/import-toolkit.js';
import { runCli } from '../../../bin/cli.js';

const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });

t.test('an OAuth tool: the token is masked, the rest is the real request', async (t) => {
  const r = previewRequest(catalog, 'HUBSPOT_CONTACTS_GET', { contactId: '51', properties: ['email', 'firstname'] });
  if (!r.ok) return t.fail(r.message);
  t.equal(r.request.headers.Authorization, 'Bearer ****');
  t.match(r.request.url, /^https:\/\/api\.hubapi\.com\/crm\/v3\/objects\/contacts\/51\?/);
  const text = formatHttpRequest(r.request);
  t.match(text, /^GET \/crm\/v3\/objects\/contacts\/51\?\S+ HTTP\/1\.1\nHost: api\.hubapi\.com\n/);
  t.notMatch(text, /Bearer [^*]/, 'no credential value');
});

t.test('invalid arguments and unknown tools are refused with the reason', async (t) => {
  t.match(previewRequest(catalog, 'HUBSPOT_CONTACTS_GET', {}), { ok: false, message: /Invalid arguments.*contactId/ });
  t.match(previewRequest(catalog, 'HUBSPOT_CONTACTS_GETT', {}), { ok: false, message: /Unknown tool.*HUBSPOT_CONTACTS_GET/ });
  t.match(previewRequest(catalog, 'HUBSPOT_CONTACTS_GET', { contactId: '1' }, { authMethodId: 'nope' }), { ok: false, message: /no auth method "nope"/ });
});

t.test('basic auth, API key in query, form body: imported tools render as they would be sent', async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'render-'));
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  await importOpenApi({ file: fileURLToPath(new URL('../../fixtures/openapi-import/pets-3.0.yaml', import.meta.url)), outDir: out, toolkit: 'pets' });
  const pets = loadCatalog({ dirs: [out] });
  const basic = previewRequest(pets, 'PETS_GET_PET', { petId: 7 }, { authMethodId: 'basicauth' });
  if (!basic.ok) return t.fail(basic.message);
  t.equal(basic.request.headers.Authorization, 'Basic ****', 'the base64 pair is masked as a whole');
  const query = previewRequest(pets, 'PETS_LIST_PETS', { status: ['sold', 'available'] }, { authMethodId: 'apikeyquery' });
  if (!query.ok) return t.fail(query.message);
  t.equal(query.request.url, 'https://eu.petclinic.example/api/v2/pets?limit=20&status=sold&status=available&api_key=****', 'default applied, array repeated, key masked');
  const form = previewRequest(pets, 'PETS_POST_OWNERS_OWNER_ID_LOGIN', { ownerId: 'o1', password: 'a b&c' }, { authMethodId: 'bearerauth' });
  if (!form.ok) return t.fail(form.message);
  t.equal(form.request.headers['content-type'], 'application/x-www-form-urlencoded');
  t.match(formatHttpRequest(form.request), /\n\npassword=a\+b%26c&remember=false$/, 'form-encoded as the provider client sends it');

  // The command itself: exit 0 and the request on stdout.
  const written: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stdout.write;
  const stderr = process.stderr.write.bind(process.stderr);
  process.stderr.write = (() => true) as typeof process.stderr.write;
  let code: number;
  try {
    code = await runCli(['tool', 'render', 'PETS_GET_PET', '--args', '{"petId": 3}', '--catalog', out, '--auth', 'apikeyheader']);
  } finally {
    process.stdout.write = write;
    process.stderr.write = stderr;
  }
  t.equal(code, 0);
  t.match(written.join(''), /^GET \/api\/v2\/pets\/3 HTTP\/1\.1\nHost: eu\.petclinic\.example\nX-Api-Key: \*\*\*\*\n/);
});
