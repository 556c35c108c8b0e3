/**
 * deploy/ stays consistent with the code (Docker is not available here, so compose.yaml is read,
 * not run): nginx accepts the shipped site config and its limits match the broker's defaults;
 * compose.yaml wires the services a cluster needs; broker.env.example and the environment
 * reference in deploy/README.md name exactly the variables of src/config.ts, with their defaults.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvSchema, loadConfig } from '../../../src/config.js';
import { checkSiteConfig, nginxBinary, renderSiteConfig, upstreamAddresses } from '../../../sandbox/support/nginx.js';

const DEPLOY = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const read = (file: string) => readFileSync(join(DEPLOY, file), 'utf8');
const ENV_NAMES = Object.keys(EnvSchema.properties);
const defaultOf = (name: string) => (EnvSchema.properties as Record<string, { default?: unknown }>)[name]?.default;
/** Variables compose.yaml itself reads from broker.env (interpolation), not the broker. */
const COMPOSE_ONLY = ['POSTGRES_PASSWORD', 'BROKER_HTTP_PORT'];

type Yaml = string | null | Yaml[] | { [key: string]: Yaml };
type YamlMap = { [key: string]: Yaml };

/**
 * The YAML compose.yaml is kept to: block mappings, block lists of scalars, plain or quoted
 * scalars, whole-line comments. Anything else throws, so the file cannot drift out of what is read.
 */
function parseYamlSubset(text: string): Yaml {
  const lines = text
    .split('\n')
    .map((raw, i) => ({ n: i + 1, indent: raw.search(/\S/), body: raw.trim() }))
    .filter((l) => l.body && !l.body.startsWith('#'));
  let pos = 0;
  const scalar = (s: string, n: number): string => {
    if (/^[[{&*!|>]/.test(s) || / #/.test(s)) throw new Error(`line ${n}: outside the supported YAML subset: ${s}`);
    if (s.startsWith("'")) return s.slice(1, -1).replace(/''/g, "'");
    return s.startsWith('"') ? (JSON.parse(s) as string) : s;
  };
  const block = (indent: number): Yaml => {
    if (lines[pos]!.body.startsWith('- ')) {
      const list: Yaml[] = [];
      while (pos < lines.length && lines[pos]!.indent === indent && lines[pos]!.body.startsWith('- ')) {
        const l = lines[pos++]!;
        list.push(scalar(l.body.slice(2).trim(), l.n));
      }
      return list;
    }
    const map: YamlMap = {};
    while (pos < lines.length && lines[pos]!.indent === indent) {
      const l = lines[pos++]!;
      const m = l.body.match(/^([\w.-]+):(?:\s+(.*))?$/);
      if (!m) throw new Error(`line ${l.n}: expected "key: value": ${l.body}`);
      const nested = pos < lines.length && lines[pos]!.indent > indent;
      map[m[1]!] = m[2] !== undefined ? scalar(m[2], l.n) : nested ? block(lines[pos]!.indent) : null;
    }
    return map;
  };
  const doc = block(0);
  if (pos !== lines.length) throw new Error(`line ${lines[pos]!.n}: unexpected indentation`);
  return doc;
}

const compose = parseYamlSubset(read('compose.yaml')) as YamlMap;
const services = compose.services as Record<string, YamlMap>;
const brokers = Object.entries(services).filter(([, s]) => (s.build as YamlMap | undefined)?.dockerfile === 'Dockerfile');
const site = read('nginx/broker.conf');
const directive = (name: string) => site.match(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm'))?.[1];

t.test('compose.yaml: PostgreSQL, Redis, two or more instances from the Dockerfile, nginx', async (t) => {
  t.ok(services.postgres && services.redis && services.nginx, 'postgres, redis and nginx services');
  t.ok(brokers.length >= 2, `${brokers.length} broker instances built from the Dockerfile`);
  for (const [name, s] of brokers) {
    const env = s.environment as Record<string, string>;
    t.equal((s.build as YamlMap).context, '..', `${name} builds the repository`);
    t.same(s.env_file, ['broker.env'], `${name} reads broker.env`);
    t.match(env, { NODE_ENV: 'production', HOST: '0.0.0.0', TRUST_PROXY: 'true', BOOTSTRAP: 'false' }, `${name}: cluster settings`);
    t.match(env.DATABASE_URL, /^postgres:\/\/[^@]+@postgres:5432\//, `${name} uses the postgres service`);
    t.match(env.REDIS_URL, /^redis:\/\/redis:6379/, `${name} uses the redis service`);
    t.same(
      Object.keys(env).filter((k) => !ENV_NAMES.includes(k)),
      [],
      `${name}: only variables the broker reads`,
    );
    t.match(s.depends_on, { postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
  }
  const nginx = services.nginx!;
  t.same(nginx.volumes, ['./nginx/broker.conf:/etc/nginx/conf.d/default.conf:ro'], 'nginx runs the shipped site config');
  t.ok(existsSync(join(DEPLOY, 'nginx/broker.conf')));
  t.match((nginx.ports as string[])[0], new RegExp(`:${directive('listen')}$`), 'the published port is the one nginx listens on');
  t.same(Object.keys(nginx.depends_on as YamlMap).sort(), brokers.map(([n]) => n).sort(), 'nginx starts after the instances');
  t.same(
    upstreamAddresses(site).sort(),
    brokers.map(([n, s]) => `${n}:${(s.environment as Record<string, string>).PORT}`).sort(),
    "nginx's upstream is exactly compose's instances",
  );
});

t.test('nginx/broker.conf: nginx -t, limits matching the broker defaults', async (t) => {
  t.equal(directive('client_max_body_size'), `${Number(defaultOf('BODY_LIMIT_BYTES')) / 1024 / 1024}m`, 'body size = BODY_LIMIT_BYTES');
  t.ok(parseInt(directive('proxy_read_timeout')!) * 1000 > Number(defaultOf('PROVIDER_TIMEOUT_MS')), 'read timeout > provider timeout');
  t.ok(
    parseInt(directive('keepalive_timeout')!) * 1000 < Number(defaultOf('HTTP_KEEP_ALIVE_TIMEOUT_MS')),
    'nginx drops idle connections first',
  );
  t.match(site, /proxy_http_version 1\.1;[\s\S]*proxy_set_header Connection "";/, 'HTTP/1.1 keep-alive to the instances');
  for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host'])
    t.match(site, new RegExp(`proxy_set_header ${header} `), `sets ${header}`);
  t.match(site, /server \S+ max_fails=\d+ fail_timeout=\d+s;/, 'passive health on every instance');
  await t.test('nginx -t', { skip: !nginxBinary() && 'nginx is not installed (.ci/run installs nginx-light)' }, async (t) => {
    const rendered = renderSiteConfig(
      site,
      8080,
      brokers.map((_, i) => `127.0.0.1:${3000 + i}`),
    );
    const check = checkSiteConfig(rendered);
    t.ok(check.ok, `nginx -t: ${check.output}`);
    const changed = rendered.split('\n').filter((l) => !site.split('\n').includes(l));
    t.ok(
      changed.every((l) => /^\s*(listen|server) /.test(l)),
      'only the listen and upstream lines differ from the shipped file',
    );
  });
});

t.test('broker.env.example: real variables, valid values', async (t) => {
  const entries = read('broker.env.example')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const);
  const unknown = entries.filter(([k]) => !ENV_NAMES.includes(k) && !COMPOSE_ONLY.includes(k)).map(([k]) => k);
  t.same(unknown, [], 'every variable is one the broker (or compose) reads');
  for (const name of COMPOSE_ONLY) t.match(read('compose.yaml'), `\${${name}`, `compose.yaml uses ${name}`);
  const env = Object.fromEntries(entries.filter(([k]) => !COMPOSE_ONLY.includes(k)));
  const config = loadConfig({
    ...env,
    ...(services.broker1!.environment as Record<string, string>),
    VAULT_KEYS: `example:${Buffer.alloc(32, 9).toString('base64')}`,
    SESSION_SECRET: 'example-session-secret-example-session-secret',
  });
  t.equal(config.env, 'production', 'the example with compose settings and secrets filled in is a valid production configuration');
});

t.test('deploy/README.md: the environment reference lists every variable with its default', async (t) => {
  const readme = read('README.md');
  const section = readme.slice(
    readme.indexOf('## Environment reference'),
    readme.indexOf('\n## ', readme.indexOf('## Environment reference') + 5),
  );
  const rows = [...section.matchAll(/^\| `([A-Z_]+)` \| ([^|]*) \| ([^|]+) \|$/gm)].map((m) => ({
    name: m[1]!,
    def: m[2]!,
    meaning: m[3]!,
  }));
  t.same(rows.map((r) => r.name).sort(), [...ENV_NAMES].sort(), 'the same variables as EnvSchema');
  for (const { name, def } of rows) {
    const value = defaultOf(name);
    if (value !== undefined && value !== '') t.match(def, `\`${String(value)}\``, `${name}: default ${String(value)}`);
  }
});
