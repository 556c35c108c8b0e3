import t from 'tap';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, generateSecrets, loadConfig } from '../../../src/config.js';

const dataDir = mkdtempSync(join(tmpdir(), 'broker-config-'));
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, NODE_ENV: 'test' };

t.test('defaults: embedded SQLite under the data dir, port 3000', async (t) => {
  const c = loadConfig(base);
  t.equal(c.port, 3000);
  t.equal(c.database.kind, 'sqlite');
  t.equal(c.database.url, join(dataDir, 'broker.sqlite'));
  t.equal(c.publicBaseUrl, 'http://localhost:3000');
  t.equal(c.providerTimeoutMs, 30000);
});

t.test('a bad value is refused with a message naming the variable', async (t) => {
  t.throws(() => loadConfig({ ...base, PORT: 'abc' }), /PORT/);
  t.throws(() => loadConfig({ ...base, PORT: '70000' }), /PORT/);
  t.throws(() => loadConfig({ ...base, PUBLIC_BASE_URL: 'localhost:3000/path' }), /PUBLIC_BASE_URL/);
  t.throws(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
  t.throws(() => loadConfig({ ...base, LOG_LEVEL: 'loud' }), /LOG_LEVEL/);
  t.throws(() => loadConfig({ ...base, TRUST_PROXY: 'maybe' }), /TRUST_PROXY/);
  t.throws(() => loadConfig({ ...base, SESSION_SECRET: 'short' }), /SESSION_SECRET/);
  const err = t.throws(() => loadConfig({ ...base, PORT: 'abc', REDIS_URL: 'http://x' })) as Error;
  t.ok(err instanceof ConfigError);
  t.match(err.message, /PORT/);
  t.match(err.message, /REDIS_URL/, 'every problem is listed, not just the first');
});

t.test('PASSWORD_HASH_COST: the production cost by default, lower only under NODE_ENV=test', async (t) => {
  t.equal(loadConfig(base).console.passwordHashCost, 15);
  t.equal(loadConfig({ ...base, PASSWORD_HASH_COST: '4' }).console.passwordHashCost, 4);
  for (const NODE_ENV of ['development', 'production']) {
    const secrets = { VAULT_KEYS: `k:${Buffer.alloc(32, 1).toString('base64')}`, SESSION_SECRET: 's'.repeat(40) };
    t.throws(
      () => loadConfig({ ...base, ...secrets, NODE_ENV, PASSWORD_HASH_COST: '4' }),
      /PASSWORD_HASH_COST below 15 is for the test suite only/,
    );
  }
  t.equal(loadConfig({ ...base, PASSWORD_HASH_COST: '16' }).console.passwordHashCost, 16, 'raising it is always allowed');
  t.throws(() => loadConfig({ ...base, PASSWORD_HASH_COST: '30' }), /PASSWORD_HASH_COST/);
});

t.test('vault keys: parsed, validated, and required in production', async (t) => {
  const key = Buffer.alloc(32, 1).toString('base64');
  const c = loadConfig({ ...base, VAULT_KEYS: `new:${key},old:${key}` });
  t.same(
    c.vaultKeys.map((k) => k.id),
    ['new', 'old'],
  );
  t.throws(() => loadConfig({ ...base, VAULT_KEYS: `k1:${Buffer.alloc(16).toString('base64')}` }), /32 bytes/);
  t.throws(() => loadConfig({ ...base, VAULT_KEYS: `k1:${key},k1:${key}` }), /appears twice/);
  t.throws(() => loadConfig({ ...base, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }), /VAULT_KEYS is required/);
  t.throws(() => loadConfig({ ...base, NODE_ENV: 'production', VAULT_KEYS: `k:${key}` }), /SESSION_SECRET is required/);
  const secretShown = t.throws(() => loadConfig({ ...base, VAULT_KEYS: 'not a key ring' })) as Error;
  t.notMatch(secretShown.message, /not a key ring/, 'the bad secret value is not echoed');
});

t.test('production: every missing or malformed setting at once, in words, with how to make the secrets', async (t) => {
  const err = t.throws(() =>
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: base.DATA_DIR,
      PUBLIC_BASE_URL: 'https://broker.example.com/path',
      REDIS_URL: 'localhost:6379',
      PORT: 'eighty',
    }),
  ) as Error;
  const lines = err.message.split('\n');
  t.match(lines[0], /^Invalid configuration \(5 problems\):$/);
  t.match(err.message, /PUBLIC_BASE_URL: must be an `http:\/\/` or `https:\/\/` origin without a path/);
  t.match(err.message, /REDIS_URL: must be `redis:\/\/…` or `rediss:\/\/…`/);
  t.match(err.message, /PORT: /);
  t.match(err.message, /VAULT_KEYS is required when NODE_ENV=production .*generate-secrets/);
  t.match(err.message, /SESSION_SECRET is required when NODE_ENV=production .*generate-secrets/);
  t.notMatch(err.message, /\^|\[\^|\.\+/, 'no regular expression');
  const secrets = generateSecrets(new Date('2026-11-27T00:00:00Z'));
  t.match(secrets.VAULT_KEYS, /^k20261127:[A-Za-z0-9+/]{43}=$/);
  const made = loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR, ...secrets });
  t.equal(made.vaultKeys[0]!.key.length, 32, 'generate-secrets makes settings production accepts');
  t.not(generateSecrets().SESSION_SECRET, secrets.SESSION_SECRET);
});

t.test('development key is generated once, persisted, and warned about', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'broker-devkey-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const first = loadConfig({ DATA_DIR: dir });
  const second = loadConfig({ DATA_DIR: dir });
  t.equal(first.vaultKeys[0]!.key.toString('hex'), second.vaultKeys[0]!.key.toString('hex'));
  t.match(first.warnings.join('\n'), /VAULT_KEYS is not set/);
  t.match(readFileSync(join(dir, 'vault-keys'), 'utf8'), /^dev1:/);
});

t.test('managed OAuth clients and catalog paths', async (t) => {
  const c = loadConfig({
    ...base,
    MANAGED_OAUTH_CLIENTS: '{"hubspot":{"clientId":"id","clientSecret":"s"}}',
    CATALOG_PATHS: '/a, /b ,',
  });
  t.same(c.managedOAuthClients.hubspot, { clientId: 'id', clientSecret: 's' });
  t.same(c.catalogPaths, ['/a', '/b']);
  t.throws(() => loadConfig({ ...base, MANAGED_OAUTH_CLIENTS: '{bad' }), /MANAGED_OAUTH_CLIENTS: not valid JSON/);
  t.throws(() => loadConfig({ ...base, MANAGED_OAUTH_CLIENTS: '{"hubspot":{"clientId":""}}' }), /MANAGED_OAUTH_CLIENTS\/hubspot/);
});

t.test('a bad choice lists the allowed values; LOG_FORMAT defaults to json', async (t) => {
  t.throws(
    () => loadConfig({ ...base, LOG_LEVEL: 'loud' }),
    /LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)/,
  );
  t.throws(() => loadConfig({ ...base, LOG_FORMAT: 'xml' }), /LOG_FORMAT: must be one of json, pretty/);
  t.equal(loadConfig(base).logFormat, 'json');
  t.equal(loadConfig({ ...base, LOG_FORMAT: 'pretty' }).logFormat, 'pretty');
});
