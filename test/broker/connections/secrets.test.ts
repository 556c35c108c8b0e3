import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokerWithSandboxes, CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';
import { MANAGED_CLIENTS } from '../../../sandbox/broker-env.js';

const TABLES = [
  'organizations',
  'projects',
  'api_keys',
  'users',
  'memberships',
  'auth_configs',
  'connections',
  'vault_secrets',
  'tool_executions',
];

t.test('after a full workflow no secret is in any response, log line, or the database', async (t) => {
  const b = await brokerWithSandboxes(t);
  const custom = (
    await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', ...CUSTOM_CLIENTS.hubspot })
  ).json().authConfigId;
  const hs = await b.connectOAuth('hubspot', 'alice', { authConfigId: custom });
  const bl = await b.connectOAuth('bitly', 'bob');
  const apiKeyCredential = 'acme-credential-0f9e8d7c6b5a';
  const acme = (
    await b.api('POST', 'connectors/acme/connect', {
      entityId: 'carol',
      authMethodId: 'acme_api_key',
      credentials: { api_key: apiKeyCredential },
    })
  ).json().connectionId;
  await b.api('POST', `connectors/connections/${hs}/refresh`);
  await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
    connectedAccountId: hs,
    arguments: { properties: { email: 'x@example.com' } },
  });
  await b.api('POST', 'tools/BITLY_GET_USER/execute', { connectedAccountId: bl });
  await b.api('POST', 'connectors/proxy', { connectionId: bl, endpoint: '/user', method: 'GET' });
  for (const id of [hs, bl, acme]) await b.api('GET', `connectors/connections/${id}`);
  await b.api('GET', 'auth_configs');
  await b.app.services.recorder.flush();

  // Everything secret that crossed the wire to the providers.
  const secrets = new Set<string>([CUSTOM_CLIENTS.hubspot.clientSecret, MANAGED_CLIENTS.bitly.clientSecret, apiKeyCredential]);
  for (const sb of [b.hubspot, b.bitly]) {
    for (const r of sb.requests) {
      if (r.bearer) secrets.add(r.bearer);
      const body = (r.body ?? {}) as Record<string, unknown>;
      for (const f of ['refresh_token', 'code', 'code_verifier', 'client_secret'])
        if (typeof body[f] === 'string') secrets.add(body[f] as string);
    }
  }
  t.ok(secrets.size >= 8, `collected ${secrets.size} secrets`);
  const responses = b.responses.map((r) => `${JSON.stringify(r.headers)}\n${r.body}`).join('\n');
  const logs = b.logs();
  t.ok(logs.length > 1000, 'logs were captured');
  const rows: unknown[] = [];
  const conn = b.app.orm.em.fork().getConnection();
  for (const table of TABLES) rows.push(await conn.execute(`select * from ${table}`));
  const dump = JSON.stringify(rows);
  t.match(dump, /v1\.t1\./, 'sealed secrets are in the dump');
  let raw = '';
  if (!process.env.TEST_DATABASE_URL) {
    for (const f of readdirSync(b.db.dataDir))
      if (f.startsWith('broker.sqlite')) raw += readFileSync(join(b.db.dataDir, f)).toString('latin1');
    t.ok(raw.length > 0, 'raw SQLite files read');
  }
  for (const secret of secrets) {
    const shown = `${secret.slice(0, 6)}…`;
    t.notOk(responses.includes(secret), `${shown} absent from responses`);
    t.notOk(logs.includes(secret), `${shown} absent from logs`);
    t.notOk(dump.includes(secret), `${shown} absent from the table dump`);
    if (raw) t.notOk(raw.includes(secret), `${shown} absent from the raw database files`);
  }
});
