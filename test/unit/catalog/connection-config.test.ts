import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BUILTIN_CATALOG_DIR, checkCatalogDirs, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { createCatalogService } from '../../../src/catalog/catalog-service.js';
import type { OAuth2AuthMethodDef } from '../../../src/catalog/catalog-schema.js';
import { connectionTarget, hasTemplatedHost, renderOAuth2, validateConnectionConfig } from '../../../src/catalog/connection-config.js';
import { renderRequest } from '../../../src/catalog/request-template.js';
import { resolveProxyTarget } from '../../../src/providers/proxy-target.js';

const REGIONAL = fileURLToPath(new URL('../../fixtures/catalog-regional', import.meta.url));
const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, REGIONAL] });
const toolkit = catalog.getToolkit('regional')!;
const entry = catalog.getToolEntry('REGIONAL_GET_ITEM')!;

t.test('tool requests render host and path placeholders from the connection, escaped and checked', async (t) => {
  t.equal(
    renderRequest(entry.toolkit, entry.tool, { itemId: 'a b' }, { region: 'eu', workspace: 'main' }).url,
    'https://eu.api.regional.test/v1/workspaces/main/items/a%20b',
  );
  t.throws(() => renderRequest(entry.toolkit, entry.tool, { itemId: '1' }, null), { status: 400, message: /connectionConfig\.region is required/ });
  for (const bad of ['evil.com#', 'eu/..', 'a.b', 'x@y', '-eu', '127.0.0.1']) {
    t.throws(() => renderRequest(entry.toolkit, entry.tool, { itemId: '1' }, { region: bad, workspace: 'main' }), { status: 400, message: /connectionConfig\.region must be a single DNS label/ }, bad);
  }
});

t.test('OAuth URLs and the proxy target are rendered per connection', async (t) => {
  const method = toolkit.authMethods.find((m): m is OAuth2AuthMethodDef => m.kind === 'oauth2')!;
  const oauth = renderOAuth2(method.oauth2, { region: 'us' });
  t.equal(oauth.authorizeUrl, 'https://us.auth.regional.test/oauth/authorize');
  t.equal(oauth.tokenUrl, 'https://us.auth.regional.test/oauth/token');
  t.equal(method.oauth2.tokenUrl, 'https://{connectionConfig.region}.auth.regional.test/oauth/token', 'the catalog keeps the template');

  const target = connectionTarget(toolkit, { region: 'eu' });
  t.same(target, { baseUrl: 'https://eu.api.regional.test/v1', allowedHosts: ['eu.api.regional.test', 'files.regional.test'] });
  const go = (endpoint: string) => resolveProxyTarget({ endpoint, ...target }).toString();
  t.equal(go('/items/1'), 'https://eu.api.regional.test/v1/items/1');
  t.equal(go('https://eu.api.regional.test/v1/x'), 'https://eu.api.regional.test/v1/x', 'the rendered host is allowed');
  t.equal(go('https://files.regional.test/f'), 'https://files.regional.test/f');
  t.throws(() => go('https://us.api.regional.test/v1/x'), /not one of this toolkit's allowed hosts/, "another region's host is not");
  t.throws(() => go('https://{connectionConfig.region}.api.regional.test/v1/x'), /Refused proxy endpoint/);

  t.ok(hasTemplatedHost(toolkit.baseUrl), 'a templated host is never put on the private-host allow list (services.ts)');
  t.notOk(hasTemplatedHost('http://127.0.0.1:4010/{connectionConfig.region}/api'), 'a path-only template keeps its configured host');
});

t.test('validation: required, enum/pattern, DNS label, defaults; methods without fields keep opaque data', async (t) => {
  const [apiKey, oauth] = toolkit.authMethods;
  t.same(validateConnectionConfig(apiKey!, { region: 'eu' }), { region: 'eu', workspace: 'main' }, 'defaults applied');
  t.throws(() => validateConnectionConfig(apiKey!, undefined), { status: 400, message: 'Invalid connectionConfig: connectionConfig.region is required' });
  t.throws(() => validateConnectionConfig(apiKey!, { region: 'mars' }), { message: /connectionConfig\.region must be one of "eu", "us", "ap"/ });
  t.throws(() => validateConnectionConfig(apiKey!, { region: 'eu', extra: 'x' }), { message: /connectionConfig\.extra is not an allowed property/ });
  t.throws(() => validateConnectionConfig(oauth!, { region: 'eu', workspace: 'a.b' }), {
    message: /connectionConfig\.workspace must be a single DNS label/,
    data: { errors: [{ field: 'connectionConfig.workspace', message: /single DNS label/ }] },
  });
  const acme = loadCatalog({ dirs: [fileURLToPath(new URL('../../fixtures/catalog-extra', import.meta.url))] }).getToolkit('acme')!;
  t.same(validateConnectionConfig(acme.authMethods[0]!, { anything: 'x/y' }), { anything: 'x/y' });
  t.equal(validateConnectionConfig(acme.authMethods[0]!, undefined), null);
});

t.test('the toolkit API lists connection fields and reports managed clients apart from status', async (t) => {
  const service = createCatalogService({ catalog, isManagedClientConfigured: () => false });
  const methods = service.getToolkit('regional').authMethods;
  t.match(methods[1], { kind: 'oauth2', status: 'available', unavailableReason: null, managedClientConfigured: false });
  t.match(methods[0]!.connectionFields, { required: ['region'], properties: { region: { enum: ['eu', 'us', 'ap'] } } });
  t.equal(service.getToolkit('hubspot').authMethods[0]!.connectionFields, null);
});

t.test('the loader refuses unsafe or undeclared templates, naming file and field', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'regional-bad-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(REGIONAL, dir, { recursive: true });
  const file = join(dir, 'regional', 'toolkit.json');
  type Tk = {
    baseUrl: string;
    allowedHosts: string[];
    authMethods: { oauth2: { tokenUrl: string }; connectionFields: { properties: { workspace: { default: string } } } }[];
  };
  const tk = JSON.parse(readFileSync(file, 'utf8')) as Tk;
  tk.baseUrl = 'https://{connectionConfig.region}/v1';
  tk.allowedHosts = ['{connectionConfig.region}', 'files.regional.test'];
  tk.authMethods[1]!.oauth2.tokenUrl = 'https://auth.regional.test/{connectionConfig.tenant}/token';
  tk.authMethods[0]!.connectionFields.properties.workspace.default = 'a/b';
  writeFileSync(file, JSON.stringify(tk));
  const tool = join(dir, 'regional', 'tools', 'REGIONAL_GET_ITEM.json');
  writeFileSync(tool, readFileSync(tool, 'utf8').replace('{connectionConfig.workspace}', '{connectionConfig.team}'));
  const r = checkCatalogDirs([dir]);
  const got = r.problems.map((p) => `${p.file.slice(dir.length)} ${p.field}: ${p.message}`);
  t.match(got, [
    /toolkit\.json \/baseUrl: a host placeholder must be followed by a fixed domain/,
    /toolkit\.json \/allowedHosts\/0: a host placeholder must be followed by a fixed domain/,
    /toolkit\.json \/authMethods\/0\/connectionFields\/properties\/workspace: value "a\/b" must be a single DNS label/,
    /toolkit\.json \/authMethods\/1\/oauth2\/tokenUrl: \{connectionConfig\.tenant\} must be a required \(or defaulted\) connectionFields property.*regional_oauth2/,
  ]);
  t.equal(got.length, 4, got.join('\n'));

  tk.baseUrl = 'https://{connectionConfig.region}.api.regional.test/v1';
  tk.allowedHosts = ['{connectionConfig.region}.api.regional.test'];
  tk.authMethods[1]!.oauth2.tokenUrl = 'https://auth.regional.test/token';
  tk.authMethods[0]!.connectionFields.properties.workspace.default = 'main';
  writeFileSync(file, JSON.stringify(tk));
  t.match(checkCatalogDirs([dir]).problems, [
    { file: tool, field: '/request/path', message: /\{connectionConfig\.team\} must be a required.*missing in: regional_api_key, regional_oauth2/ },
  ]);
});
