import t from 'tap';
import { randomBytes } from 'node:crypto';
import { appDb, buildTestApp, createTestDatabase } from '../../helpers/app.js';
import { VaultSecret } from '../../../src/db/entities/index.js';
import { runCli } from '../../../bin/cli.js';
import { createVaultSecretRepository } from '../../../src/db/repositories/vault-secret-repository.js';

const keyRing = (...ids: string[]) => ids.map((id) => `${id}:${Buffer.alloc(32, id.charCodeAt(1)).toString('base64')}`).join(',');

t.test('rotate-keys re-wraps every secret under the active key; old key can then be retired', async (t) => {
  const db = await createTestDatabase(t);
  const old = await buildTestApp(t, { db, env: { VAULT_KEYS: keyRing('k1') } });
  const secrets = Array.from({ length: 5 }, (_, i) => ({
    ref: { ownerType: 'connection' as const, ownerId: `ca_${i}`, name: 'credentials' as const },
    value: { api_key: randomBytes(8).toString('hex') },
  }));
  for (const s of secrets) await old.app.services.vault.put(s.ref, s.value);
  await old.app.close();

  // Refuses to start without the key the data needs.
  await t.rejects(buildTestApp(t, { db, env: { VAULT_KEYS: keyRing('k2') } }), /sealed with master key\(s\) k1/);

  const both = await buildTestApp(t, { db, env: { VAULT_KEYS: keyRing('k2', 'k1') } });
  for (const s of secrets) t.same((await both.app.services.vault.get(s.ref))?.value, s.value, 'old secrets still open');
  const result = await both.app.services.vault.rotate(2);
  t.equal(result.rotated, 5);
  t.same(result.remainingByKey, { k2: 5 });
  const rows = await both.app.orm.em.fork().find(VaultSecret, {});
  t.ok(rows.every((r) => r.keyId === 'k2' && r.sealed.startsWith('v1.k2.')));
  await both.app.close();

  const retired = await buildTestApp(t, { db, env: { VAULT_KEYS: keyRing('k2') } });
  for (const s of secrets) t.same((await retired.app.services.vault.get(s.ref))?.value, s.value, 'opens with k2 alone');
});

t.test('the CLI command runs the rotation', async (t) => {
  const db = await createTestDatabase(t);
  const first = await buildTestApp(t, { db, env: { VAULT_KEYS: keyRing('k1') } });
  await first.app.services.vault.put({ ownerType: 'auth_config', ownerId: 'ac_1', name: 'client_secret' }, 's3cr3t');
  await first.app.close();
  const saved = { ...process.env };
  Object.assign(process.env, {
    DATABASE_URL: db.databaseUrl,
    DATA_DIR: db.dataDir,
    VAULT_KEYS: keyRing('k2', 'k1'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    SESSION_SECRET: 'x'.repeat(40),
  });
  t.teardown(() => {
    process.env = saved;
  });
  const writes: string[] = [];
  const orig = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string) => (writes.push(String(chunk)), true)) as typeof process.stdout.write;
  const code = await runCli(['rotate-keys']).finally(() => {
    process.stdout.write = orig;
  });
  t.equal(code, 0);
  t.match(writes.join(''), /Re-encrypted 1 secret/);
});

t.test('rotation does not overwrite a secret replaced after it was read', async (t) => {
  const db = await createTestDatabase(t);
  const ref = { ownerType: 'connection' as const, ownerId: 'ca_race', name: 'credentials' as const };
  const old = await buildTestApp(t, { db, env: { VAULT_KEYS: keyRing('k1') } });
  await old.app.services.vault.put(ref, { api_key: 'first' });
  await old.app.close();

  const both = await buildTestApp(t, { db, env: { VAULT_KEYS: keyRing('k2', 'k1') } });
  const repo = createVaultSecretRepository(appDb(both));
  const [read] = await repo.notSealedWith('k2', 10);
  t.equal(read?.keyId, 'k1');
  // Replaced between the rotation's read and its write.
  await both.app.services.vault.put(ref, { api_key: 'second' });
  t.equal(await repo.resealAll([{ row: read!, sealed: 'v1.k2.stale-copy-of-first', keyId: 'k2' }]), 0, 'not stored: the version moved on');
  t.same((await both.app.services.vault.get(ref))?.value, { api_key: 'second' });
  t.same((await both.app.services.vault.rotate()).remainingByKey, { k2: 1 });
});
