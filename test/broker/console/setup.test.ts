/**
 * Setting up from the console (issue 32): create and edit auth configs through the native
 * service (same checks, same errors, secrets never shown back), hosted connect links for an end
 * user, and Reconnect of an EXPIRED connection in place (same id); each change audited; admins and owners only.
 */
import t from 'tap';
import { brokerWithSandboxes, CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';
import { firstOwner, notSignUp, otherOrganization, personWithRole } from './org-fixtures.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function setup(t: Parameters<typeof brokerWithSandboxes>[0]) {
  const b = await brokerWithSandboxes(t);
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const base = `/orgs/${organizationId}/projects/${projectId}`;
  /** The people's audit entries (not the fixtures' nor the sign-up's), oldest first. */
  const audit = async () =>
    (await b.app.services.audit.list(organizationId, 100)).items
      .filter((e) => e.targetType !== 'project' && e.actorKind !== 'operator' && notSignUp(e))
      .reverse();
  /** Completes an OAuth connect link as the end user's browser: open, continue, consent. */
  const completeOAuthLink = async (url: string) => {
    const path = new URL(url).pathname;
    if ((await b.app.inject({ method: 'GET', url: path })).statusCode !== 200) throw new Error('the link does not open');
    const continued = await b.app.inject({ method: 'POST', url: path, headers: FORM, payload: '' });
    return (await b.consent(continued.headers.location as string, 'yes', continued)).res;
  };
  return { b, owner, organizationId, projectId, base, audit, completeOAuthLink };
}

t.test('create auth configs: custom OAuth, managed, API key; the secret is stored and never shown', async (t) => {
  const { b, owner, base, audit } = await setup(t);
  const custom = await owner.post(`${base}/auth-configs`, {
    slug: 'hubspot',
    authMethodId: 'hubspot_oauth2',
    name: 'Our HubSpot app',
    isManaged: false,
    ...CUSTOM_CLIENTS.hubspot,
    scopes: ['crm.objects.contacts.read'],
    restrictToTools: ['HUBSPOT_CONTACTS_LIST'],
  });
  t.equal(custom.statusCode, 201, custom.body);
  t.match(custom.json(), {
    id: /^ac_/,
    toolkit: 'hubspot',
    name: 'Our HubSpot app',
    isManaged: false,
    clientId: CUSTOM_CLIENTS.hubspot.clientId,
    hasClientSecret: true,
    scopes: ['crm.objects.contacts.read'],
    restrictToTools: ['HUBSPOT_CONTACTS_LIST'],
    disabled: false,
    connectionsCount: 0,
  });
  t.notOk(custom.body.includes(CUSTOM_CLIENTS.hubspot.clientSecret), 'the secret is not in the answer');
  const id = custom.json().id as string;
  t.same((await b.api('GET', `auth_configs/${id}`)).json(), custom.json(), 'the native view of the same config');
  const row = await b.app.services.authConfigs.get(b.projectId, id);
  t.same(await b.app.services.authConfigs.oauthClient(row), CUSTOM_CLIENTS.hubspot, 'the secret is in the vault');

  const managed = await owner.post(`${base}/auth-configs`, { slug: 'bitly', authMethodId: 'bitly_oauth2', isManaged: true });
  t.equal(managed.statusCode, 201, managed.body);
  t.match(managed.json(), { isManaged: true, clientId: null, hasClientSecret: false, name: String });
  const key = await owner.post(`${base}/auth-configs`, { slug: 'acme', authMethodId: 'acme_api_key' });
  t.equal(key.statusCode, 201, key.body);
  t.match(key.json(), { authMethodKind: 'api_key', isManaged: false, hasClientSecret: false });

  t.same(
    (await audit()).map((e) => [e.action, e.detail]),
    [
      ['auth_config.created', { name: 'Our HubSpot app', toolkit: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: false }],
      ['auth_config.created', { name: managed.json().name, toolkit: 'bitly', authMethodId: 'bitly_oauth2', isManaged: true }],
      ['auth_config.created', { name: key.json().name, toolkit: 'acme', authMethodId: 'acme_api_key', isManaged: false }],
    ],
  );
  t.notOk(JSON.stringify(await audit()).includes(CUSTOM_CLIENTS.hubspot.clientSecret), 'no secret in the audit log');
});

t.test("bad input is refused with the native API's own errors, and creates nothing", async (t) => {
  const { b, owner, base } = await setup(t);
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['unknown toolkit', { slug: 'nope', authMethodId: 'x' }, /Unknown toolkit "nope"/],
    ['unknown method', { slug: 'hubspot', authMethodId: 'nope' }, /has no auth method "nope" \(it has: hubspot_oauth2\)/],
    ['custom without a secret', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', clientId: 'x' }, /needs clientSecret/],
    ['managed on an API key', { slug: 'acme', authMethodId: 'acme_api_key', isManaged: true }, /isManaged applies to OAuth methods only/],
    [
      'an unknown tool',
      { slug: 'acme', authMethodId: 'acme_api_key', restrictToTools: ['HUBSPOT_CONTACTS_LIST'] },
      /restrictToTools names tools that acme does not have: HUBSPOT_CONTACTS_LIST/,
    ],
  ];
  for (const [what, body, message] of cases) {
    const res = await owner.post(`${base}/auth-configs`, body);
    t.equal(res.statusCode, 400, what);
    t.match(res.json(), { code: 'BAD_REQUEST', message }, what);
    const native = await b.api('POST', 'auth_configs', body);
    t.same([native.statusCode, native.json().message], [400, res.json().message], `${what}: as the native API says`);
  }
  for (const body of [
    { slug: 'acme' },
    { slug: 'acme', authMethodId: 'acme_api_key', disabled: true },
    { slug: 'acme', authMethodId: 'acme_api_key', name: 'x'.repeat(201) },
  ]) {
    const res = await owner.post(`${base}/auth-configs`, body);
    t.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 60));
    t.match(res.json().message, /authMethodId|disabled|name/);
  }
  t.equal((await owner.get(`${base}/auth-configs`)).json().total, 0, 'nothing was created');
});

t.test('edit an auth config: name, scopes, tools, client id and secret; enable and disable', async (t) => {
  const { b, owner, base, audit } = await setup(t);
  const id = (
    await owner.post(`${base}/auth-configs`, { slug: 'hubspot', authMethodId: 'hubspot_oauth2', ...CUSTOM_CLIENTS.hubspot })
  ).json().id as string;
  const managed = (await owner.post(`${base}/auth-configs`, { slug: 'bitly', authMethodId: 'bitly_oauth2' })).json().id as string;

  const NEW_SECRET = 'rotated-hubspot-secret-51ab09';
  const edited = await owner.patch(`${base}/auth-configs/${id}`, {
    name: 'HubSpot (ours)',
    scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
    restrictToTools: ['HUBSPOT_CONTACTS_CREATE'],
    clientSecret: NEW_SECRET,
  });
  t.equal(edited.statusCode, 200, edited.body);
  t.match(edited.json(), {
    name: 'HubSpot (ours)',
    scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
    restrictToTools: ['HUBSPOT_CONTACTS_CREATE'],
    hasClientSecret: true,
    disabled: false,
  });
  t.notOk(edited.body.includes(NEW_SECRET), 'the new secret is not shown back');
  const row = await b.app.services.authConfigs.get(b.projectId, id);
  t.equal((await b.app.services.authConfigs.oauthClient(row)).clientSecret, NEW_SECRET, 'the new secret is the one used');

  const both = await owner.patch(`${base}/auth-configs/${id}`, { enabled: false, restrictToTools: null });
  t.match(both.json(), { disabled: true, restrictToTools: null }, 'an edit and a disable together');
  t.equal((await owner.patch(`${base}/auth-configs/${id}`, { enabled: true })).json().disabled, false);

  const refusals: [Record<string, unknown>, RegExp][] = [
    [{}, /must NOT have fewer than 1 properties|minProperties|at least/i],
    [{ disabled: true }, /disabled/],
    [{ clientSecret: '' }, /clientSecret/],
    [{ restrictToTools: ['NOPE_TOOL'] }, /does not have: NOPE_TOOL/],
  ];
  for (const [body, message] of refusals) {
    const res = await owner.patch(`${base}/auth-configs/${id}`, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.match(res.json().message, message);
  }
  const onManaged = await owner.patch(`${base}/auth-configs/${managed}`, { clientId: 'x', clientSecret: 'y' });
  t.equal(onManaged.statusCode, 400);
  t.match(onManaged.json().message, /only on a custom OAuth auth config/);
  t.equal((await owner.patch(`${base}/auth-configs/ac_nope`, { name: 'x' })).statusCode, 404);

  const entries = (await audit()).filter((e) => e.action !== 'auth_config.created');
  t.same(
    entries.map((e) => [e.action, (e.detail as { changed?: string[] }).changed ?? null]),
    [
      ['auth_config.updated', ['clientSecret', 'name', 'restrictToTools', 'scopes']],
      ['auth_config.updated', ['restrictToTools']],
      ['auth_config.disabled', null],
      ['auth_config.enabled', null],
    ],
    'one entry per change, naming the fields; none for a refusal',
  );
  t.notOk(JSON.stringify(entries).includes(NEW_SECRET), 'never the secret');
});

t.test('Connect an account: a hosted link for an end user, completed at the provider', async (t) => {
  const { b, owner, base, audit, completeOAuthLink } = await setup(t);
  const config = (await owner.post(`${base}/auth-configs`, { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).json()
    .id as string;
  const made = await owner.post(`${base}/connect-links`, { authConfigId: config, entityId: 'carol' });
  t.equal(made.statusCode, 201, made.body);
  const link = made.json();
  t.same(Object.keys(link).sort(), ['connectionId', 'expiresAt', 'url']);
  t.match(link.url, new RegExp(`^${b.config.publicBaseUrl}/connect/${link.connectionId}\\.`), 'a link on PUBLIC_BASE_URL');
  t.match((await b.api('GET', `connectors/connections/${link.connectionId}`)).json(), {
    status: 'INITIATED',
    entityId: 'carol',
    authConfigId: config,
  });
  t.equal((await completeOAuthLink(link.url)).statusCode, 200, 'the consent came back');
  t.equal((await b.api('GET', `connectors/connections/${link.connectionId}`)).json().status, 'ACTIVE');

  const key = (await owner.post(`${base}/auth-configs`, { slug: 'acme', authMethodId: 'acme_api_key' })).json().id as string;
  const form = (await owner.post(`${base}/connect-links`, { authConfigId: key, entityId: 'dave' })).json();
  t.equal((await b.api('GET', `connectors/connections/${form.connectionId}`)).json().status, 'PENDING', 'a credential form');

  for (const [body, status, message] of [
    [{ authConfigId: 'ac_nope', entityId: 'x' }, 404, /ac_nope/],
    [{ authConfigId: config }, 400, /entityId/],
    [{ authConfigId: config, entityId: '' }, 400, /entityId/],
    [{ authConfigId: config, entityId: 'x', callbackUrl: 'https://app.example' }, 400, /callbackUrl/],
  ] as const) {
    const res = await owner.post(`${base}/connect-links`, body);
    t.equal(res.statusCode, status, JSON.stringify(body));
    t.match(res.json().message, message);
  }
  await owner.patch(`${base}/auth-configs/${key}`, { enabled: false });
  const disabled = await owner.post(`${base}/connect-links`, { authConfigId: key, entityId: 'x' });
  t.equal(disabled.statusCode, 400);
  t.match(disabled.json().message, /is disabled/);

  t.same(
    (await audit()).filter((e) => e.action === 'connect_link.created').map((e) => [e.targetId, e.detail]),
    [
      [link.connectionId, { userId: 'carol', authConfigId: config }],
      [form.connectionId, { userId: 'dave', authConfigId: key }],
    ],
  );
});

t.test('Reconnect an EXPIRED connection: a link that brings back the same connection, ACTIVE, same id', async (t) => {
  const { b, owner, base, audit, completeOAuthLink } = await setup(t);
  const config = (await owner.post(`${base}/auth-configs`, { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).json()
    .id as string;
  const expired = await b.connectOAuth('hubspot', 'erin', { authConfigId: config });
  t.equal((await owner.post(`${base}/connections/${expired}/reconnect`)).statusCode, 400, 'an ACTIVE connection is not reconnected');
  b.hubspot.control.tokenEndpoint('invalid_grant');
  t.equal((await b.api('POST', `connectors/connections/${expired}/refresh`)).json().status, 'EXPIRED');
  b.hubspot.control.tokenEndpoint('ok');

  const res = await owner.post(`${base}/connections/${expired}/reconnect`);
  t.equal(res.statusCode, 201, res.body);
  const link = res.json();
  t.match(link, { connectionId: expired, reconnect: true }, 'the same connection');
  t.equal((await b.api('GET', `connectors/connections/${expired}`)).json().status, 'EXPIRED', 'unchanged until the end user acts');
  t.equal((await completeOAuthLink(link.url)).statusCode, 200);
  const all = (await b.api('GET', 'connectors/connections?entityId=erin')).json();
  t.equal(all.total, 1, 'one connection');
  t.match(all.items[0], { id: expired, status: 'ACTIVE', authConfigId: config }, 'ACTIVE again with the same id');

  const active = await owner.post(`${base}/connections/${expired}/reconnect`);
  t.equal(active.statusCode, 400);
  t.match(active.json().message, /is ACTIVE; only EXPIRED, FAILED, REVOKED connections are reconnected/);
  t.equal((await owner.post(`${base}/connections/ca_nope/reconnect`)).statusCode, 404);
  t.match(
    (await audit()).find((e) => e.action === 'connect_link.created'),
    {
      targetId: expired,
      detail: { toolkit: 'hubspot', userId: 'erin', authConfigId: config, reconnect: true },
    },
  );
});

t.test('roles and isolation: members and other organizations change nothing', async (t) => {
  const { b, organizationId, base } = await setup(t);
  const member = await personWithRole(b.app, organizationId, 'member@example.com', 'member');
  const admin = await personWithRole(b.app, organizationId, 'admin@example.com', 'admin');
  const other = await otherOrganization(b.app);
  const config = (await b.api('POST', 'auth_configs', { slug: 'acme', authMethodId: 'acme_api_key' })).json().authConfigId as string;
  const conn = (
    await b.api('POST', 'connectors/acme/connect', { entityId: 'bob', authMethodId: 'acme_api_key', credentials: { api_key: 'k-123456' } })
  ).json().connectionId as string;

  const writes = (who: typeof member, at: string) => [
    () => who.post(`${at}/auth-configs`, { slug: 'acme', authMethodId: 'acme_api_key' }),
    () => who.patch(`${at}/auth-configs/${config}`, { name: 'renamed' }),
    () => who.post(`${at}/connect-links`, { authConfigId: config, entityId: 'x' }),
    () => who.post(`${at}/connections/${conn}/reconnect`),
  ];
  for (const write of writes(member, base)) {
    const res = await write();
    t.equal(res.statusCode, 403);
    t.match(res.json().message, /admin role/);
  }
  for (const write of writes(other.owner, base)) t.equal((await write()).statusCode, 404, 'another organization: as if absent');
  const theirs = `/orgs/${other.organizationId}/projects/${other.projectId}`;
  t.equal(
    (await other.owner.patch(`${theirs}/auth-configs/${config}`, { name: 'x' })).statusCode,
    404,
    "this project's config under theirs",
  );
  t.equal((await other.owner.post(`${theirs}/connect-links`, { authConfigId: config, entityId: 'x' })).statusCode, 404);
  t.equal((await b.api('GET', 'auth_configs')).json().total, 1, 'nothing created');
  t.not((await b.api('GET', `auth_configs/${config}`)).json().name, 'renamed', 'nothing renamed');

  t.equal((await admin.post(`${base}/auth-configs`, { slug: 'acme', authMethodId: 'acme_basic' })).statusCode, 201, 'an admin may');
  t.equal((await admin.post(`${base}/connect-links`, { authConfigId: config, entityId: 'x' })).statusCode, 201);
});
