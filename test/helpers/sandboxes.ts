/**
 * A broker wired to real loopback sandboxes of HubSpot and Bitly (through the operator override
 * mechanism), with a project and key, plus helpers to drive the OAuth consent like a browser.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startBitlySandbox, startHubspotSandbox } from '../../sandbox/index.js';
import { MANAGED_CLIENTS, sandboxBrokerEnv } from '../../sandbox/broker-env.js';
import { buildTestApp, createProjectWithKey, type TestContext, type TestDatabase } from './app.js';
import type { Clock } from '../../src/clock.js';

/** A project's own OAuth app registered at the sandboxes (custom auth configs). */
export const CUSTOM_CLIENTS = {
  hubspot: { clientId: 'customer-own-hubspot-app', clientSecret: 'customer-hubspot-secret-4f8e21' },
  bitly: { clientId: 'customer-own-bitly-app', clientSecret: 'customer-bitly-secret-93ac07' },
};

/** Extra catalog dir with the API-key fixture toolkit `acme`, loaded as an operator would. */
export const EXTRA_CATALOG = fileURLToPath(new URL('../fixtures/catalog-extra', import.meta.url));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function brokerWithSandboxes(
  t: TestContext,
  options: { env?: Record<string, string>; db?: TestDatabase; accessTokenTtlSeconds?: number; clock?: Clock } = {},
) {
  const hubspot = await startHubspotSandbox({
    clients: [MANAGED_CLIENTS.hubspot, CUSTOM_CLIENTS.hubspot],
    // One clock for the broker and the providers: tokens expire for both at the same moment.
    clock: options.clock,
    ...(options.accessTokenTtlSeconds ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
  });
  t.teardown(() => hubspot.close());
  const bitly = await startBitlySandbox({ clients: [MANAGED_CLIENTS.bitly, CUSTOM_CLIENTS.bitly], clock: options.clock });
  t.teardown(() => bitly.close());
  const broker = await buildTestApp(t, {
    db: options.db,
    clock: options.clock,
    env: { ...sandboxBrokerEnv(hubspot, bitly), CATALOG_PATHS: EXTRA_CATALOG, ...options.env },
  });
  const project = await createProjectWithKey(broker.app);
  return { ...broker, hubspot, bitly, ...tenantClient(broker.app, project) };
}

/**
 * What a test does as one tenant (a project and its key) of a broker: API calls with its key, the
 * OAuth consent, and every response it got (for secret scans).
 */
export function tenantClient(app: FastifyInstance, project: Awaited<ReturnType<typeof createProjectWithKey>>) {
  const responses: LightMyRequestResponse[] = [];

  async function api(method: Method, url: string, body?: unknown, key = project.key) {
    const res = await app.inject({
      method,
      url: url.startsWith('/') ? url : `/api/v1/${url}`,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    responses.push(res);
    return res;
  }

  /**
   * Plays the user's browser: opens the provider's authorize URL (approving or denying at once),
   * follows the provider's redirect to the broker's callback, and returns the callback response.
   * `browser`: the response whose cookies the browser holds (a hosted link's Continue).
   */
  async function consent(redirectUrl: string, decision: 'yes' | 'no' = 'yes', browser?: LightMyRequestResponse) {
    const url = new URL(redirectUrl);
    url.searchParams.set('approve', decision);
    const providerRes = await fetch(url, { redirect: 'manual' });
    const location = providerRes.headers.get('location');
    if (!location) throw new Error(`the provider did not redirect (HTTP ${providerRes.status})`);
    const callback = new URL(location);
    // The cookies the browser got from `browser` (a hosted link's Continue binds the attempt to it).
    const cookie = (browser?.cookies ?? []).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await app.inject({ method: 'GET', url: callback.pathname + callback.search, ...(cookie ? { headers: { cookie } } : {}) });
    responses.push(res);
    return { res, callbackUrl: callback };
  }

  /** Managed auth config + initiate + consent: an ACTIVE OAuth connection id. */
  async function connectOAuth(slug: 'hubspot' | 'bitly', entityId = 'user-1', extra: Record<string, unknown> = {}) {
    const init = await api('POST', `connectors/${slug}/initiate`, { entityId, ...extra });
    if (init.statusCode !== 200) throw new Error(`initiate failed: ${init.body}`);
    const { connectionId, redirectUrl } = init.json() as { connectionId: string; redirectUrl: string };
    const { res } = await consent(redirectUrl);
    if (res.statusCode !== 200) throw new Error(`callback failed: ${res.body}`);
    return connectionId;
  }

  return { ...project, api, consent, connectOAuth, responses };
}

export type BrokerWithSandboxes = Awaited<ReturnType<typeof brokerWithSandboxes>>;
