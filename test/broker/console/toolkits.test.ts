/** The console's toolkit catalog: auth methods with their form fields, tools count, logo; signed-in people only. */
import t from 'tap';
import { buildTestApp } from '../../helpers/app.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { CONSOLE, signUp } from '../../helpers/console.js';

t.test('every toolkit with what setting up a connection needs, and nothing of the provider plumbing', async (t) => {
  const { app } = await buildTestApp(t, { env: { CATALOG_PATHS: EXTRA_CATALOG } });
  t.equal((await app.inject({ url: `${CONSOLE}/toolkits` })).statusCode, 401, 'needs a session');
  const person = await signUp(app, 'ada@example.com');
  const res = await person.get('/toolkits');
  t.equal(res.statusCode, 200, res.body);
  const items = res.json().items as { slug: string; toolsCount: number }[];
  const native = (await app.services.catalogService.listToolkits({ limit: 200 })).items;
  t.same(
    items.map((k) => k.slug),
    native.map((k) => k.slug),
    'the whole catalog, in its order',
  );
  const bySlug = Object.fromEntries(res.json().items.map((k: { slug: string }) => [k.slug, k]));

  t.match(bySlug.hubspot, { name: String, toolsCount: native.find((k) => k.slug === 'hubspot')!.toolsCount, noAuth: false });
  t.ok(bySlug.hubspot.toolsCount > 10);
  t.match(bySlug.hubspot.authMethods, [{ id: 'hubspot_oauth2', kind: 'oauth2', credentialFields: null, defaultScopes: Array }]);
  t.ok(bySlug.hubspot.authMethods[0].defaultScopes.length > 0, 'OAuth default scopes');
  const acme = bySlug.acme.authMethods;
  t.match(acme, [
    { id: 'acme_api_key', name: 'Acme API key', kind: 'api_key', defaultScopes: [], credentialFields: { required: ['api_key'] } },
    { id: 'acme_basic', kind: 'basic', credentialFields: { properties: { username: { type: 'string' }, password: { type: 'string' } } } },
  ]);
  t.notMatch(res.body, /authorizeUrl|tokenUrl|baseUrl|allowedHosts|inject/, 'no endpoints or injection rules');
  t.equal(bySlug.hubspot.logo, 'https://www.hubspot.com/favicon.ico', "the catalog file's logo");
  t.notOk('logo' in bySlug.acme, 'absent when the file has none');
});
