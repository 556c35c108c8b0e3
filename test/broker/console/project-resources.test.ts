/**
 * A project's auth configs and connections in the console: the native views (never a secret),
 * filters and cursor paging, enable / disable, revoke, delete, each audited; roles and isolation.
 */
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { brokerWithSandboxes, CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';
import { MANAGED_CLIENTS } from '../../../sandbox/broker-env.js';
import { firstOwner, notSignUp, otherOrganization, personWithRole } from './org-fixtures.js';

const ACME_CREDENTIAL = 'acme-credential-7d1e93b2c4';

/** A sandbox broker whose organization the first sign-up owns, with three connections. */
async function setup(t: Parameters<typeof brokerWithSandboxes>[0]) {
  const b = await brokerWithSandboxes(t);
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const custom = (
    await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', ...CUSTOM_CLIENTS.hubspot })
  ).json().authConfigId as string;
  const hubspot = await b.connectOAuth('hubspot', 'alice', { authConfigId: custom });
  const bitly = await b.connectOAuth('bitly', 'alice');
  const acme = (
    await b.api('POST', 'connectors/acme/connect', {
      entityId: 'bob',
      authMethodId: 'acme_api_key',
      credentials: { api_key: ACME_CREDENTIAL },
    })
  ).json().connectionId as string;
  const base = `/orgs/${organizationId}/projects/${projectId}`;
  return { b, owner, organizationId, projectId, base, custom, hubspot, bitly, acme };
}

t.test('auth configs and connections are listed with the native views and never a secret', async (t) => {
  const { b, owner, base, custom, hubspot, bitly, acme } = await setup(t);
  const seen: LightMyRequestResponse[] = [];
  const get = async (url: string) => {
    const res = await owner.get(url);
    seen.push(res);
    return res;
  };

  const configs = await get(`${base}/auth-configs`);
  t.equal(configs.statusCode, 200, configs.body);
  t.equal(configs.json().total, 3);
  const byToolkit = Object.fromEntries(configs.json().items.map((c: { toolkit: string }) => [c.toolkit, c]));
  t.match(byToolkit.hubspot, {
    id: custom,
    isManaged: false,
    clientId: CUSTOM_CLIENTS.hubspot.clientId,
    hasClientSecret: true,
    connectionsCount: 1,
  });
  t.match(byToolkit.bitly, { isManaged: true, connectionsCount: 1 });
  t.match(byToolkit.acme, { authMethodKind: 'api_key', connectionsCount: 1 });
  t.same(
    (await get(`${base}/auth-configs?toolkit=acme`)).json().items.map((c: { toolkit: string }) => c.toolkit),
    ['acme'],
  );
  t.same(configs.json().items, (await b.api('GET', 'auth_configs')).json().items, 'the same view as the native API');

  const all = await get(`${base}/connections`);
  t.equal(all.statusCode, 200, all.body);
  t.same(
    all.json().items.map((c: { id: string }) => c.id),
    [acme, bitly, hubspot],
    'newest first',
  );
  t.equal(all.json().nextCursor, null);
  t.same(all.json().items, (await b.api('GET', 'connectors/connections')).json().items, 'the same view as the native API');
  const ids = async (query: string) => (await get(`${base}/connections?${query}`)).json().items.map((c: { id: string }) => c.id);
  t.same(await ids('userId=alice'), [bitly, hubspot]);
  t.same(await ids('toolkit=hubspot'), [hubspot]);
  t.same(await ids('status=ACTIVE&userId=bob'), [acme]);
  t.same(await ids('status=EXPIRED'), []);

  // Cursor paging: every connection once, in order.
  const paged: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(`${base}/connections?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    t.equal(res.statusCode, 200);
    paged.push(...res.json().items.map((c: { id: string }) => c.id));
    cursor = res.json().nextCursor;
    pages++;
  } while (cursor && pages < 10);
  t.same(paged, [acme, bitly, hubspot], 'three pages of one');
  t.equal(pages, 3);
  const badCursor = await owner.get(`${base}/connections?cursor=not-a-cursor`);
  t.equal(badCursor.statusCode, 400);
  t.match(badCursor.json().message, /cursor/);
  t.equal((await owner.get(`${base}/connections?status=NOPE`)).statusCode, 400);

  // Every secret that crossed the wire to the providers, and those we hold.
  const secrets = new Set<string>([CUSTOM_CLIENTS.hubspot.clientSecret, MANAGED_CLIENTS.bitly.clientSecret, ACME_CREDENTIAL]);
  for (const sandbox of [b.hubspot, b.bitly])
    for (const r of sandbox.requests) {
      if (r.bearer) secrets.add(r.bearer);
      const body = (r.body ?? {}) as Record<string, unknown>;
      for (const f of ['refresh_token', 'code', 'code_verifier', 'client_secret'])
        if (typeof body[f] === 'string') secrets.add(body[f] as string);
    }
  t.ok(secrets.size >= 6, `collected ${secrets.size} secrets`);
  const bodies = seen.map((r) => r.body).join('\n');
  for (const secret of secrets) t.notOk(bodies.includes(secret), `${secret.slice(0, 6)}… absent from the console's answers`);
});

t.test('enable, disable, revoke and delete: each takes effect on the native API and is audited', async (t) => {
  const { b, owner, organizationId, base, custom, hubspot, bitly, acme } = await setup(t);
  const execute = (id: string) => b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });

  const disabled = await owner.patch(`${base}/connections/${hubspot}`, { enabled: false });
  t.equal(disabled.statusCode, 200, disabled.body);
  t.match(disabled.json(), { id: hubspot, disabled: true, status: 'ACTIVE' });
  t.equal((await execute(hubspot)).statusCode, 400, 'a disabled connection cannot execute');
  t.equal((await owner.patch(`${base}/connections/${hubspot}`, { enabled: false })).statusCode, 200, 'disabling again');
  t.equal((await owner.patch(`${base}/connections/${hubspot}`, { enabled: true })).json().disabled, false);
  t.equal((await execute(hubspot)).json().successful, true, 'enabled again');

  const configOff = await owner.patch(`${base}/auth-configs/${custom}`, { enabled: false });
  t.equal(configOff.statusCode, 200, configOff.body);
  t.match(configOff.json(), { id: custom, disabled: true });
  t.notOk(configOff.body.includes(CUSTOM_CLIENTS.hubspot.clientSecret));
  const refused = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'carol', authConfigId: custom });
  t.equal(refused.statusCode, 400);
  t.match(refused.json().message, /disabled/);
  t.equal((await owner.patch(`${base}/auth-configs/${custom}`, { enabled: true })).json().disabled, false);

  const revoked = await owner.post(`${base}/connections/${hubspot}/revoke`);
  t.equal(revoked.statusCode, 200, revoked.body);
  t.same(revoked.json(), { status: 'REVOKED', revokedTokens: ['access_token', 'refresh_token'] });
  t.equal((await b.api('GET', `connectors/connections/${hubspot}`)).json().status, 'REVOKED');
  const again = await owner.post(`${base}/connections/${hubspot}/revoke`);
  t.equal(again.statusCode, 400, 'a REVOKED connection cannot be revoked again');
  t.match(again.json().message, /REVOKED/);

  t.equal((await owner.delete(`${base}/connections/${acme}`)).statusCode, 204);
  t.equal((await b.api('GET', `connectors/connections/${acme}`)).statusCode, 404, 'gone from the native API');
  t.equal((await owner.delete(`${base}/connections/${acme}`)).statusCode, 404, 'deleting twice');

  const bitlyConfig = (await b.api('GET', 'auth_configs?toolkit=bitly')).json().items[0].id as string;
  t.equal((await owner.delete(`${base}/auth-configs/${bitlyConfig}`)).statusCode, 204);
  t.equal((await b.api('GET', `connectors/connections/${bitly}`)).statusCode, 404, "the config's connections went with it");
  t.equal((await owner.delete(`${base}/auth-configs/${bitlyConfig}`)).statusCode, 404);

  const entries = (await b.app.services.audit.list(organizationId, 50)).items
    // The people's changes: not the project fixture's (the operator's), the API key's set-up nor the sign-up's.
    .filter((e) => e.targetType !== 'project' && e.actorKind === 'user' && notSignUp(e))
    .reverse();
  t.same(
    entries.map((e) => [e.action, e.targetId]),
    [
      ['connection.disabled', hubspot],
      ['connection.enabled', hubspot],
      ['auth_config.disabled', custom],
      ['auth_config.enabled', custom],
      ['connection.revoked', hubspot],
      ['connection.deleted', acme],
      ['auth_config.deleted', bitlyConfig],
    ],
    'one entry per change, none for a no-op or a refusal',
  );
  t.match(entries[4], {
    actorUserId: owner.userId,
    detail: { toolkit: 'hubspot', userId: 'alice', revokedTokens: ['access_token', 'refresh_token'] },
  });
  t.match(entries[6], { detail: { toolkit: 'bitly', deletedConnections: 1 } });
  t.notOk(JSON.stringify(entries).includes(CUSTOM_CLIENTS.hubspot.clientSecret));
});

t.test('roles and isolation: members read only; other projects and organizations are 404', async (t) => {
  const { b, organizationId, projectId, base, custom, hubspot } = await setup(t);
  const member = await personWithRole(b.app, organizationId, 'member@example.com', 'member');
  const admin = await personWithRole(b.app, organizationId, 'admin@example.com', 'admin');
  const other = await otherOrganization(b.app);

  t.equal((await member.get(`${base}/auth-configs`)).statusCode, 200);
  t.equal((await member.get(`${base}/connections`)).statusCode, 200);
  for (const res of [
    await member.patch(`${base}/auth-configs/${custom}`, { enabled: false }),
    await member.delete(`${base}/auth-configs/${custom}`),
    await member.patch(`${base}/connections/${hubspot}`, { enabled: false }),
    await member.post(`${base}/connections/${hubspot}/revoke`),
    await member.delete(`${base}/connections/${hubspot}`),
  ]) {
    t.equal(res.statusCode, 403);
    t.match(res.json().message, /admin role/);
  }
  t.match((await b.api('GET', `connectors/connections/${hubspot}`)).json(), { status: 'ACTIVE', disabled: false }, 'untouched');
  t.equal((await admin.patch(`${base}/connections/${hubspot}`, { enabled: false })).statusCode, 200, 'an admin may');

  // The other organization's person, on this project; and this project's ids under theirs.
  const theirs = `/orgs/${other.organizationId}/projects/${other.projectId}`;
  for (const res of [
    await other.owner.get(`${base}/connections`),
    await other.owner.get(`${base}/auth-configs`),
    await other.owner.patch(`${base}/connections/${hubspot}`, { enabled: true }),
    await other.owner.delete(`${base}/auth-configs/${custom}`),
    await other.owner.get(`/orgs/${other.organizationId}/projects/${projectId}/connections`),
    await other.owner.patch(`${theirs}/connections/${hubspot}`, { enabled: true }),
    await other.owner.post(`${theirs}/connections/${hubspot}/revoke`),
    await other.owner.delete(`${theirs}/auth-configs/${custom}`),
  ])
    t.equal(res.statusCode, 404);
  t.same((await other.owner.get(`${theirs}/connections`)).json().items, [], 'their project has none');
  t.equal((await b.api('GET', `connectors/connections/${hubspot}`)).json().disabled, true, 'still as the admin left it');
});
