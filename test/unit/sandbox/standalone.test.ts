/** sandbox/standalone.ts: starts both, prints one JSON line, serves, stops on SIGTERM. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { call } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

t.test('standalone process prints its URLs and exits 0 on SIGTERM', async (t) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/standalone.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HUBSPOT_SANDBOX_PORT: '0',
      BITLY_SANDBOX_PORT: '0',
      HUBSPOT_SANDBOX_HUB_ID: '5550001',
      BITLY_SANDBOX_ACTIVITY_PER_MINUTE: '2',
      SANDBOX_ACTIVITY_SEED: '9',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no JSON line within 20s; stderr: ${stderr}`)), 20_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    child.on('exit', (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
  });
  const info = JSON.parse(line);
  t.match(info, {
    hubspot: { url: /^http:\/\/127\.0\.0\.1:\d+$/, oauth: { tokenUrl: /\/oauth\/v1\/token$/ } },
    bitly: { apiBaseUrl: /\/v4$/ },
  });

  const issued = await call(`${info.bitly.url}/__sandbox/control`, { method: 'POST', body: { action: 'issueToken', args: [] } });
  const user = await call(`${info.bitly.apiBaseUrl}/user`, { token: issued.body.result.access_token });
  t.equal(user.status, 200);
  const hsToken = (await call(`${info.hubspot.url}/__sandbox/control`, { method: 'POST', body: { action: 'issueToken' } })).body.result
    .access_token;
  t.equal((await call(`${info.hubspot.apiBaseUrl}/crm/v3/objects/contacts`, { token: hsToken })).status, 200);
  t.equal((await call(`${info.hubspot.url}/oauth/v1/access-tokens/${hsToken}`)).body.hub_id, 5550001, 'HUBSPOT_SANDBOX_HUB_ID');
  const activity = await call(`${info.bitly.url}/__sandbox/control`, { method: 'POST', body: { action: 'activityStatus' } });
  t.same(activity.body.result, { perMinute: 2, seed: 9 }, 'BITLY_SANDBOX_ACTIVITY_PER_MINUTE');

  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  t.equal(await exited, 0);
});
