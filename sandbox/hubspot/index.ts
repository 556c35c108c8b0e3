/** startHubspotSandbox: HubSpot OAuth + CRM v3 emulator on a loopback port. */
import type { FastifyError } from 'fastify';
import { randomBase64Url, randomHex } from '../common/random.js';
import { assembleSandbox, createCore, listen, registerControlRoutes } from '../common/server.js';
import { ClientRegistry, TokenStore } from '../common/token-store.js';
import type {
  ActivitySettings,
  AppWebhooksConfig,
  HubspotFixtures,
  HubspotObjectType,
  HubspotRateLimitPolicy,
  HubspotSandbox,
  HubspotSandboxOptions,
  SandboxOAuthClient,
} from '../types.js';
import { CrmStore, OBJECT_TYPES } from './crm-store.js';
import { registerCrmRoutes } from './crm.js';
import { hsError, sendHs, validationError } from './errors.js';
import { ALL_CRM_SCOPES, HUBSPOT_TOKEN_PATHS, registerHubspotOAuth } from './oauth.js';
import { commonControls } from '../common/faults.js';
import { ActivityGenerator } from '../common/activity.js';
import { systemClock } from '../../src/clock.js';
import { FIRST, LAST, STAGES, hubspotActivity } from './activity.js';
import { AppWebhookDispatcher } from './app-webhooks.js';
import { directControls } from './direct.js';
import { CrmRateLimiter } from './rate-limit.js';

export const DEFAULT_HUBSPOT_CLIENT: SandboxOAuthClient = {
  clientId: 'hubspot-sandbox-client',
  clientSecret: 'hubspot-sandbox-secret',
  name: 'Connector broker (sandbox app)',
};

export const HUBSPOT_FIXTURES: HubspotFixtures = {
  hubId: 48123456,
  userId: 7123456,
  user: 'sandbox.user@example.com',
  hubDomain: 'sandbox-portal.hubspot.test',
  appId: 1234567,
};

function uuidLike(): string {
  const h = randomHex(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export async function startHubspotSandbox(opts: HubspotSandboxOptions = {}): Promise<HubspotSandbox> {
  const core = createCore({ opts, tokenPaths: HUBSPOT_TOKEN_PATHS, apiPrefix: '/crm/' });
  const { app, faults } = core;
  const clients = new ClientRegistry(opts.clients ?? [DEFAULT_HUBSPOT_CLIENT]);
  const tokens = new TokenStore(
    {
      code: () => `na1-${uuidLike()}`,
      access: () => `CN${randomBase64Url(96)}`,
      refresh: () => `na1-${uuidLike()}-${randomHex(8)}`,
    },
    opts.clock,
  );
  const clock = opts.clock ?? systemClock;
  const store = new CrmStore(clock);
  const ttl = opts.accessTokenTtlSeconds ?? 1800;
  const fixtures = { ...HUBSPOT_FIXTURES, ...(opts.hubId !== undefined ? { hubId: opts.hubId } : {}) };
  const limiter = new CrmRateLimiter(clock);
  const webhooks = new AppWebhookDispatcher({
    clock,
    portalId: () => fixtures.hubId,
    defaultAppId: () => HUBSPOT_FIXTURES.appId,
    defaultSecret: () => clients.list[0]?.clientSecret ?? DEFAULT_HUBSPOT_CLIENT.clientSecret,
  });
  store.onChange((change) => webhooks.handle(change));
  const activity = new ActivityGenerator(() => hubspotActivity(store, fixtures.userId));
  let origin = '';
  let seedCounter = 0;

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) return sendHs(reply, status, hsError('INTERNAL_ERROR', 'internal error'));
    return sendHs(reply, status, validationError(error.message));
  });
  app.setNotFoundHandler((request, reply) =>
    sendHs(reply, 404, hsError('OBJECT_NOT_FOUND', `Unable to route ${request.method} ${request.url.split('?')[0]}`)),
  );

  registerHubspotOAuth(app, { clients, tokens, faults, fixtures, ttlSeconds: () => ttl });
  registerCrmRoutes(app, { store, tokens, faults, fixtures, limiter, origin: () => origin });

  const seedProps = (object: HubspotObjectType, n: number): Record<string, string> => {
    const first = FIRST[n % FIRST.length];
    const last = LAST[Math.floor(n / FIRST.length) % LAST.length];
    if (object === 'contacts') {
      let email = `${first}.${last}.${n}@example.com`.toLowerCase();
      while (store.contactIdByEmail(email)) email = `seed.${(seedCounter += 1)}.${email}`;
      return { email, firstname: first, lastname: last, phone: `+1 555 01${String(n % 100).padStart(2, '0')}`, company: `${last} Labs` };
    }
    if (object === 'companies')
      return {
        name: `${last} Labs ${n}`,
        domain: `${last.toLowerCase()}-labs-${n}.example.com`,
        industry: 'COMPUTER_SOFTWARE',
        city: 'Boston',
      };
    return {
      dealname: `${last} Labs renewal ${n}`,
      amount: String(1000 + ((n * 737) % 50_000)),
      dealstage: STAGES[n % STAGES.length],
      pipeline: 'default',
      closedate: new Date(Date.UTC(2026, n % 12, 1 + (n % 28))).toISOString(),
    };
  };

  const control = {
    ...commonControls(faults, tokens),
    issueToken: (o: { clientId?: string; scopes?: string[]; expiresInSeconds?: number } = {}) => {
      const clientId = o.clientId ?? clients.list[0]?.clientId ?? DEFAULT_HUBSPOT_CLIENT.clientId;
      const scopes = o.scopes ?? [...ALL_CRM_SCOPES];
      const refresh = tokens.issueRefresh(clientId, scopes);
      const lifetime = o.expiresInSeconds ?? ttl;
      const access = tokens.issueAccess(clientId, scopes, lifetime, refresh);
      return { access_token: access.token, refresh_token: refresh.token, expires_in: lifetime, scopes };
    },
    registerClient: (client: SandboxOAuthClient) => clients.add(client),
    seed: (object: HubspotObjectType, count: number): string[] => {
      if (!OBJECT_TYPES.includes(object)) throw new RangeError(`seed: unknown object type ${object}`);
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        seedCounter += 1;
        ids.push(store.create(object, seedProps(object, seedCounter), fixtures.userId, { source: 'IMPORT' }).id);
      }
      return ids;
    },
    ...directControls(store, fixtures.userId),
    configureAppWebhooks: (config: AppWebhooksConfig | null) => {
      const subscriptions = webhooks.configure(config);
      // Token info answers the app the deliveries come from.
      fixtures.appId = webhooks.appId();
      return subscriptions;
    },
    appWebhookDeliveries: () => webhooks.deliveries.map((d) => ({ ...d, eventIds: [...d.eventIds] })),
    flushAppWebhooks: () => webhooks.flush(),
    rateLimitPolicy: (policy: HubspotRateLimitPolicy | null) => limiter.set(policy),
    startActivity: (settings: ActivitySettings) => activity.start(settings),
    stopActivity: () => activity.stop(),
    stepActivity: (count?: number, at?: number) => activity.step(count, at),
    activityStatus: () => activity.status(),
  };
  if (opts.appWebhooks) control.configureAppWebhooks(opts.appWebhooks);

  let sandboxRef: HubspotSandbox | undefined;
  const info = () => ({
    provider: 'hubspot',
    url: origin,
    apiBaseUrl: origin,
    oauth: sandboxRef?.oauth,
    clients: clients.list,
    fixtures,
  });
  registerControlRoutes(app, () => ({ sandbox: sandboxRef as HubspotSandbox, info }));

  origin = await listen(app, opts);
  const base = assembleSandbox({
    provider: 'hubspot',
    core,
    url: origin,
    apiBaseUrl: origin,
    oauth: {
      authorizeUrl: `${origin}/oauth/authorize`,
      tokenUrl: `${origin}/oauth/v1/token`,
      revocationUrl: `${origin}/oauth/v1/refresh-tokens/{token}`,
    },
    clients: clients.list,
    control,
    resetState: () => {
      store.reset();
      tokens.clear();
      seedCounter = 0;
      activity.reset();
      webhooks.reset();
      limiter.set(null);
      fixtures.appId = HUBSPOT_FIXTURES.appId;
    },
    onClose: () => {
      activity.stop();
      webhooks.stop();
    },
    info,
  });
  if (opts.activity) activity.start(opts.activity);
  sandboxRef = Object.assign(base, { provider: 'hubspot' as const, fixtures });
  return sandboxRef;
}
