/**
 * The broker never turns Node's promise hooks on (src/db/fork-per-call.ts): MikroORM's flush,
 * transactional and findAndCount run in an AsyncLocalStorage, and once one has, every promise of
 * every request pays for the hooks. The workflow runs in a process of its own
 * (test/fixtures/async-hooks-workflow.ts), since tap's runner has hooks on in this one.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKFLOW = fileURLToPath(new URL('../../fixtures/async-hooks-workflow.ts', import.meta.url));

t.test('a whole workflow, console included, leaves promise hooks off', async (t) => {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', WORKFLOW], { env: process.env, timeout: 120_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
    ),
  );
  const last = out.trim().split('\n').pop() ?? '';
  const { hooksOn, statuses } = JSON.parse(last) as { hooksOn: boolean; statuses: Record<string, number> };
  t.same(
    statuses,
    {
      execute: 200,
      refresh: 200,
      createAuthConfig: 200,
      searchAuthConfigs: 200,
      connectWithCredentials: 200,
      listConnections: 200,
      promoteMember: 200,
      removeMember: 204,
      createProject: 201,
    },
    'every step worked',
  );
  t.equal(hooksOn, false, 'no AsyncLocalStorage ran: promise hooks are off');
});
