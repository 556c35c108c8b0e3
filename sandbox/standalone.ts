/**
 * `npx tsx sandbox/standalone.ts`: starts both sandboxes on HUBSPOT_SANDBOX_PORT / BITLY_SANDBOX_PORT
 * (default 0 = random), prints one JSON line with their URLs and stops on SIGTERM/SIGINT.
 * Optional: SANDBOX_HOST, {HUBSPOT,BITLY}_SANDBOX_CLIENT_ID / _CLIENT_SECRET, HUBSPOT_SANDBOX_TOKEN_TTL.
 */
import { startSandboxes, type Sandbox, type SandboxOptions } from './index.js';

function port(name: string): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  return n;
}

function options(prefix: 'HUBSPOT' | 'BITLY'): SandboxOptions {
  const opts: SandboxOptions = { port: port(`${prefix}_SANDBOX_PORT`), host: process.env.SANDBOX_HOST || '127.0.0.1' };
  const clientId = process.env[`${prefix}_SANDBOX_CLIENT_ID`];
  const clientSecret = process.env[`${prefix}_SANDBOX_CLIENT_SECRET`];
  if (clientId && clientSecret) opts.clients = [{ clientId, clientSecret }];
  const ttl = process.env.HUBSPOT_SANDBOX_TOKEN_TTL;
  if (prefix === 'HUBSPOT' && ttl) opts.accessTokenTtlSeconds = Number(ttl);
  return opts;
}

const describe = (s: Sandbox) => ({ url: s.url, apiBaseUrl: s.apiBaseUrl, oauth: s.oauth, clients: s.clients });

const sandboxes = await startSandboxes({ hubspot: options('HUBSPOT'), bitly: options('BITLY') });
process.stdout.write(`${JSON.stringify({ hubspot: describe(sandboxes.hubspot), bitly: describe(sandboxes.bitly) })}\n`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  sandboxes.close().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`sandbox: error while stopping on ${signal}: ${String(err)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
