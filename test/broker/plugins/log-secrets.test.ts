/**
 * Every log line a broker writes during a workflow of sign-ups (one of them racing), invitations,
 * key creation, connections, tool executions, proxy calls and errors, database errors among them,
 * scanned for what must never be logged: password hashes, passwords, API keys and their hashes,
 * session cookies and CSRF tokens, invitation tokens, provider credentials and sealed vault values,
 * and SQL parameter values.
 */
import t from 'tap';
import { User } from '../../../src/db/entities/index.js';
import { hashApiKey } from '../../../src/tenancy/api-keys.js';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { CONSOLE, TEST_PASSWORD, signUp } from '../../helpers/console.js';
import { invite } from '../console/invited-team.js';

t.test('no secret and no SQL parameter value reaches a log line', async (t) => {
  const b = await brokerWithSandboxes(t, { env: { LOG_LEVEL: 'debug' } });
  const { app } = b;
  const secrets = new Set<string>([TEST_PASSWORD, b.key, hashApiKey(b.key)]);

  // Console: sign-ups (the first, a duplicate, a race), an invitation, a key.
  const ada = await signUp(app, 'ada@example.com');
  secrets.add(ada.cookie.split('=')[1]!).add(ada.csrfToken);
  const orgId = (await ada.get('/orgs')).json().items[0].id as string;
  const projectId = (await ada.get(`/orgs/${orgId}/projects`)).json().items[0].id as string;
  const token = await invite(ada, orgId, 'bob@example.com', 'admin');
  secrets.add(token);
  await app.inject({ url: `${CONSOLE}/invitations/${token}` });
  const race = await Promise.all(
    [1, 2, 3].map((i) =>
      app.inject({
        method: 'POST',
        url: `${CONSOLE}/auth/sign-up`,
        remoteAddress: `10.9.0.${i}`,
        payload: { email: 'bob@example.com', password: `${TEST_PASSWORD} ${i}`, invitationToken: token },
      }),
    ),
  );
  t.ok(
    race.some((r) => r.statusCode === 201),
    'one racing sign-up succeeded',
  );
  for (const i of [1, 2, 3]) secrets.add(`${TEST_PASSWORD} ${i}`);
  await app.inject({ method: 'POST', url: `${CONSOLE}/auth/sign-in`, payload: { email: 'ada@example.com', password: 'wrong-password!' } });
  const created = await ada.post(`/orgs/${orgId}/projects/${projectId}/api-keys`, { name: 'agent' });
  t.equal(created.statusCode, 201);
  const consoleKey = created.json().key as string;
  secrets.add(consoleKey).add(hashApiKey(consoleKey));

  // Native and compat: connections, executions, a proxy call, refusals.
  const hs = await b.connectOAuth('hubspot', 'alice');
  const credential = 'acme-credential-5e4d3c2b1a09';
  secrets.add(credential);
  await b.api('POST', 'connectors/acme/connect', { entityId: 'carol', authMethodId: 'acme_api_key', credentials: { api_key: credential } });
  await b.api('POST', `connectors/connections/${hs}/refresh`);
  await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
    connectedAccountId: hs,
    arguments: { properties: { email: 'x@example.com' } },
  });
  await b.api('POST', 'connectors/proxy', { connectionId: hs, endpoint: '/crm/v3/objects/contacts', method: 'GET' });
  await b.api('GET', 'toolkits', undefined, consoleKey);
  await b.api('GET', 'toolkits', undefined, `cb_live_${'x'.repeat(43)}`);
  await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', { connectedAccountId: 'nope', arguments: {} });
  await app.inject({ method: 'GET', url: '/compat/api/v3.1/connected_accounts', headers: { 'x-api-key': b.key } });
  await app.inject({ method: 'GET', url: '/compat/api/v3.1/connected_accounts', headers: { 'x-api-key': 'wrong' } });
  await app.services.recorder.flush();
  for (const sandbox of [b.hubspot, b.bitly])
    for (const r of sandbox.requests) {
      if (r.bearer) secrets.add(r.bearer);
      const body = (r.body ?? {}) as Record<string, unknown>;
      for (const f of ['refresh_token', 'code', 'code_verifier', 'client_secret'])
        if (typeof body[f] === 'string') secrets.add(body[f] as string);
    }

  // A driver error as the database reports it (a unique violation whose statement carries a hash),
  // logged as an error and inside a message, as code does when a database call fails.
  const planted = 'scrypt$16$8$1$plantedsalt$plantedhashvalue0123456789';
  const em = app.orm.em.fork();
  const existing = await em.findOneOrFail(User, { email: 'ada@example.com' });
  const failure = await em
    .insert(User, { id: 'usr_planted', email: existing.email, name: null, passwordHash: planted, createdAt: new Date() })
    .then(
      () => null,
      (err: unknown) => err as Error,
    );
  t.ok(failure, 'the insert failed');
  t.match(failure!.message, planted, 'and its message holds the hash');
  app.log.error({ err: failure }, 'a database call failed');
  app.log.warn(`a database call failed: ${failure!.message}`);
  app.log.warn({ err: new Error('wrapped', { cause: failure }) }, 'a wrapped database failure');

  const logs = b.logs();
  t.ok(logs.length > 5000, 'logs were captured');
  t.match(logs, /a database call failed/, 'the failure was logged');
  t.match(logs, /UNIQUE constraint failed|duplicate key value/, 'with what went wrong');
  t.notMatch(logs, /scrypt\$/, 'no password hash');
  t.notMatch(logs, planted.slice(20), 'not even a part of one');
  t.notMatch(logs, /cb_live_[A-Za-z0-9_-]{20,}/, 'no API key');
  t.notMatch(logs, /v1\.t1\./, 'no sealed vault value');
  t.ok(secrets.size >= 12, `${secrets.size} secrets collected`);
  for (const secret of secrets) t.notOk(logs.includes(secret), `${secret.slice(0, 6)}… absent from the logs`);
});
