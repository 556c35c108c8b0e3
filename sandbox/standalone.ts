/**
 * `npx tsx sandbox/standalone.ts`: starts both sandboxes on HUBSPOT_SANDBOX_PORT / BITLY_SANDBOX_PORT
 * (default 0 = random), prints one JSON line with their URLs and stops on SIGTERM/SIGINT.
 * Optional: SANDBOX_HOST, {HUBSPOT,BITLY}_SANDBOX_CLIENT_ID / _CLIENT_SECRET, HUBSPOT_SANDBOX_TOKEN_TTL,
 * {HUBSPOT,BITLY}_SANDBOX_ACTIVITY_PER_MINUTE + SANDBOX_ACTIVITY_SEED, HUBSPOT_SANDBOX_HUB_ID,
 * HUBSPOT_SANDBOX_WEBHOOK_URL (+ _WEBHOOK_SUBSCRIPTIONS, _WEBHOOK_SECRET, _APP_ID).
 */
import { startSandboxes, type HubspotSandboxOptions, type Sandbox } from './index.js';
import { DEFAULT_SUBSCRIPTIONS, parseSubscriptionList } from './hubspot/app-webhooks.js';

function port(name: string): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  return n;
}

function positive(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number >= 0, got "${raw}"`);
  return n;
}

function options(prefix: 'HUBSPOT' | 'BITLY'): HubspotSandboxOptions {
  const opts: HubspotSandboxOptions = { port: port(`${prefix}_SANDBOX_PORT`), host: process.env.SANDBOX_HOST || '127.0.0.1' };
  const perMinute = positive(`${prefix}_SANDBOX_ACTIVITY_PER_MINUTE`);
  if (perMinute) opts.activity = { perMinute, seed: positive('SANDBOX_ACTIVITY_SEED') ?? 1 };
  const hubId = positive('HUBSPOT_SANDBOX_HUB_ID');
  if (prefix === 'HUBSPOT' && hubId) opts.hubId = hubId;
  const webhookUrl = process.env.HUBSPOT_SANDBOX_WEBHOOK_URL;
  if (prefix === 'HUBSPOT' && webhookUrl) {
    opts.appWebhooks = {
      targetUrl: webhookUrl,
      subscriptions: parseSubscriptionList(process.env.HUBSPOT_SANDBOX_WEBHOOK_SUBSCRIPTIONS || DEFAULT_SUBSCRIPTIONS),
      ...(process.env.HUBSPOT_SANDBOX_WEBHOOK_SECRET ? { clientSecret: process.env.HUBSPOT_SANDBOX_WEBHOOK_SECRET } : {}),
      ...(positive('HUBSPOT_SANDBOX_APP_ID') ? { appId: positive('HUBSPOT_SANDBOX_APP_ID') } : {}),
    };
  }
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
