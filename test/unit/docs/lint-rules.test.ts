/**
 * The hot-path and layering rules of eslint.config.js bite: each planted violation, linted as if it
 * were a file at the given path, is reported with the rule's message, and the allowed form of the
 * same code (or the same code where the rule does not apply) lints clean.
 */
import t from 'tap';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: fileURLToPath(new URL('../../../eslint.config.js', import.meta.url)) });

async function messages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const cases: { name: string; file: string; bad: string; expect: RegExp; good: string; goodFile?: string }[] = [
  {
    name: 'an entity manager flush',
    file: 'src/tools/x.ts',
    bad: 'export async function f(db: { em(): { flush(): Promise<void> } }) {\n  const em = db.em();\n  await em.flush();\n}\n',
    expect: /no-restricted-syntax: An entity manager's flush .*fork-per-call\.ts/,
    good: 'export async function f(recorder: { flush(): Promise<void> }) {\n  await recorder.flush();\n}\n',
  },
  {
    name: 'db.em().flush() in a plugin',
    file: 'plugins/native/x.ts',
    bad: 'export async function f(db: { em(): { flush(): Promise<void> } }) {\n  await db.em().flush();\n}\n',
    expect: /no-restricted-syntax: An entity manager's flush/,
    good: 'export async function f(db: { em(): { nativeUpdate(): Promise<void> } }) {\n  await db.em().nativeUpdate();\n}\n',
  },
  {
    name: 'persistAndFlush',
    file: 'src/db/repositories/x.ts',
    bad: 'export async function f(em: { persistAndFlush(e: object): Promise<void> }) {\n  await em.persistAndFlush({});\n}\n',
    expect: /no-restricted-syntax: MikroORM's flush-based writes and findAndCount/,
    good: 'export async function f(em: { insert(e: object): Promise<void> }) {\n  await em.insert({});\n}\n',
  },
  {
    name: 'findAndCount',
    file: 'src/db/repositories/x.ts',
    bad: 'export async function f(em: { findAndCount(n: string, w: object): Promise<unknown> }) {\n  return em.findAndCount("Connection", {});\n}\n',
    expect: /no-restricted-syntax: MikroORM's flush-based writes and findAndCount/,
    good: 'export async function f(em: { count(n: string, w: object): Promise<number> }) {\n  return em.count("Connection", {});\n}\n',
  },
  {
    name: "an entity manager's transactional",
    file: 'src/vault/x.ts',
    bad: 'export async function f(orm: { em: { transactional(w: () => Promise<void>): Promise<void> } }) {\n  await orm.em.transactional(async () => {});\n}\n',
    expect: /no-restricted-syntax: MikroORM's em\.transactional .*db\.transaction\(work\)/,
    good: 'export async function f(orm: { em: { getConnection(): { transactional(w: () => Promise<void>): Promise<void> } } }) {\n  await orm.em.getConnection().transactional(async () => {});\n}\n',
  },
  {
    name: 'AsyncLocalStorage',
    file: 'src/tools/x.ts',
    bad: "import { AsyncLocalStorage } from 'node:async_hooks';\nexport const store = new AsyncLocalStorage<string>();\n",
    expect: /no-restricted-imports: .*AsyncLocalStorage.*promise hooks/,
    good: "import { AsyncLocalStorage } from 'node:async_hooks';\nexport const store = new AsyncLocalStorage<string>();\n",
    goodFile: 'test/helpers/x.ts',
  },
  {
    name: "MikroORM's RequestContext",
    file: 'plugins/x.ts',
    bad: "import { RequestContext } from '@mikro-orm/core';\nexport const c = RequestContext;\n",
    expect: /no-restricted-imports: .*RequestContext/,
    good: "import type { EntityManager } from '@mikro-orm/core';\nexport type E = EntityManager;\n",
  },
  {
    name: 'a MikroORM value outside src/db/',
    file: 'src/connections/x.ts',
    bad: "import { wrap } from '@mikro-orm/core';\nexport const w = wrap;\n",
    expect: /no-restricted-imports: .*Only src\/db\/ talks to MikroORM/,
    good: "import { wrap } from '@mikro-orm/core';\nexport const w = wrap;\n",
    goodFile: 'src/db/repositories/x.ts',
  },
  {
    name: 'got outside the OAuth client',
    file: 'src/providers/http-client.ts',
    bad: "import got from 'got';\nexport const g = got;\n",
    expect: /no-restricted-imports: .*got is for the low-volume OAuth calls only/,
    good: "import got from 'got';\nexport const g = got;\n",
    goodFile: 'src/providers/oauth-http-client.ts',
  },
  {
    name: 'an async global request hook',
    file: 'plugins/x.ts',
    bad: "import type { FastifyInstance } from 'fastify';\nexport function f(app: FastifyInstance) {\n  app.addHook('onRequest', async () => {});\n}\n",
    expect: /no-restricted-syntax: A global request hook is written in callback style/,
    good: "import type { FastifyInstance } from 'fastify';\nexport function f(app: FastifyInstance) {\n  app.addHook('onRequest', (_request, _reply, done) => done());\n  app.addHook('onClose', async () => {});\n}\n",
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const bad = await messages(c.bad, c.file);
    t.ok(
      bad.some((m) => c.expect.test(m)),
      `${c.file}: reported (${bad.join(' | ') || 'nothing'})`,
    );
    const good = await messages(c.good, c.goodFile ?? c.file);
    t.same(good, [], `${c.goodFile ?? c.file}: the allowed form lints clean`);
  });
}
