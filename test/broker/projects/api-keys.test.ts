import t from 'tap';
import { buildTestApp, createProjectWithKey, createTestDatabase } from '../../helpers/app.js';
import { channelUp, nextDrop } from '../cache/helpers.js';
import { API_KEY_PREFIX, generateApiKey, hashApiKey } from '../../../src/tenancy/api-keys.js';
import { ApiKey } from '../../../src/db/entities/index.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

t.test('hashing matches fixed sha256 vectors', async (t) => {
  t.equal(hashApiKey(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  t.equal(hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

t.test('keys are random, prefixed and long', async (t) => {
  const a = generateApiKey();
  const b = generateApiKey();
  t.not(a, b);
  t.ok(a.startsWith(API_KEY_PREFIX));
  t.ok(a.length >= API_KEY_PREFIX.length + 40);
  t.match(a, /^[A-Za-z0-9_-]+$/);
});

t.test('only the hash and a short start are stored', async (t) => {
  const { app } = await buildTestApp(t);
  const { key, apiKeyId } = await createProjectWithKey(app);
  const row = await app.orm.em.fork().findOneOrFail(ApiKey, { id: apiKeyId });
  t.equal(row.hash, hashApiKey(key));
  t.equal(row.start, key.slice(0, 12));
  t.notMatch(JSON.stringify(row), key, 'the full key is nowhere in the row');
});

t.test('lookup, lastUsedAt, and revocation', async (t) => {
  const { app } = await buildTestApp(t);
  const { key, projectId, organizationId, apiKeyId } = await createProjectWithKey(app);
  const found = await app.services.tenancy.apiKeys.authenticate(key);
  t.same(found, { apiKeyId, projectId, organizationId, scopes: null });
  const row = await app.orm.em.fork().findOneOrFail(ApiKey, { id: apiKeyId });
  t.ok(row.lastUsedAt, 'lastUsedAt recorded');
  t.equal(await app.services.tenancy.apiKeys.authenticate(key + 'x'), undefined);
  t.equal(await app.services.tenancy.apiKeys.authenticate('not-a-key'), undefined);
  await app.services.tenancy.apiKeys.revoke(OPERATOR, apiKeyId);
  t.equal(await app.services.tenancy.apiKeys.authenticate(key), undefined, 'revoked keys stop working');
  await t.rejects(app.services.tenancy.apiKeys.revoke(OPERATOR, 'key_missing'), /not found/);
});

t.test('a key revoked on one instance stops working on another within the documented 100 ms', async (t) => {
  const db = await createTestDatabase(t);
  const one = await buildTestApp(t, { db });
  const two = await buildTestApp(t, { db });
  await channelUp(two.app);
  const { key, apiKeyId } = await createProjectWithKey(one.app);
  const ok = await two.app.inject({ url: '/api/v1/toolkits', headers: { 'x-api-key': key } });
  t.equal(ok.statusCode, 200);
  const dropped = nextDrop(two.app);
  await one.app.services.tenancy.apiKeys.revoke(OPERATOR, apiKeyId);
  t.ok((await dropped()) <= 100, 'the revocation reached instance two within the bound');
  const refused = await two.app.inject({ url: '/api/v1/toolkits', headers: { 'x-api-key': key } });
  t.equal(refused.statusCode, 401);
  t.equal(refused.json().code, 'UNAUTHORIZED');
});
