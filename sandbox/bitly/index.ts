/** startBitlySandbox: Bitly OAuth + v4 API emulator (all 91 tool endpoints) on a loopback port. */
import type { FastifyError, FastifyRequest } from 'fastify';
import { randomHex } from '../common/random.js';
import { parseBearer } from '../common/recorder.js';
import { assembleSandbox, BodyParseError, createCore, listen, registerControlRoutes } from '../common/server.js';
import { ClientRegistry, TokenStore, type AccessTokenRecord } from '../common/token-store.js';
import type {
  ActivitySettings,
  BitlyCreateLinkInput,
  BitlySandbox,
  BitlySeedOptions,
  SandboxOAuthClient,
  SandboxOptions,
} from '../types.js';
import { ActivityGenerator } from '../common/activity.js';
import { systemClock } from '../../src/clock.js';
import { bitlyActivity, createLinkDirectly } from './activity.js';
import { registerCampaignRoutes } from './campaigns.js';
import type { BitlyCtx } from './context.js';
import { registerCustomBitlinkRoutes } from './custom-bitlinks.js';
import { bitlyError, BitlyHttpError, defaultBitlyError, resourceOf, sendBitly, sendInjected } from './errors.js';
import { registerExportRoutes } from './exports.js';
import { registerGroupMetricRoutes } from './group-metrics.js';
import { registerGroupRoutes } from './groups.js';
import { registerLinkRoutes } from './links.js';
import { registerMetricRoutes } from './metrics.js';
import { BITLY_TOKEN_PATH, registerBitlyOAuth } from './oauth.js';
import { registerOrganizationRoutes, templatePattern, type RouteTemplate } from './organizations.js';
import { registerQrCodeRoutes } from './qr-codes.js';
import { seedBitly } from './seed.js';
import { BITLY_FIXTURES, BitlyState } from './state.js';
import { registerWebhookRoutes } from './webhooks.js';
import { commonControls } from '../common/faults.js';

export const DEFAULT_BITLY_CLIENT: SandboxOAuthClient = {
  clientId: 'bitly-sandbox-client',
  clientSecret: 'bitly-sandbox-secret',
  name: 'Connector broker (sandbox app)',
};

/** `/v4/bitlinks/bit.ly%2Fabc/clicks` -> `/v4/bitlinks/bit.ly/abc/clicks` (an encoded slash works too). */
function decodeBitlinkSlash(url: string): string {
  return url.replace(/^(\/v4\/(?:custom_)?bitlinks\/)([^/?]+)/i, (_m, prefix: string, seg: string) => prefix + seg.replace(/%2F/gi, '/'));
}

export async function startBitlySandbox(opts: SandboxOptions = {}): Promise<BitlySandbox> {
  const core = createCore({ opts, tokenPaths: [BITLY_TOKEN_PATH], apiPrefix: '/v4/', rewriteUrl: decodeBitlinkSlash });
  const { app, faults } = core;
  const clients = new ClientRegistry(opts.clients ?? [DEFAULT_BITLY_CLIENT]);
  const tokens = new TokenStore({ code: () => randomHex(20), access: () => randomHex(20), refresh: () => randomHex(20) }, opts.clock);
  const fixtures = { ...BITLY_FIXTURES };
  const state = new BitlyState(fixtures, opts.clock ?? systemClock);
  const tokenOf = new WeakMap<FastifyRequest, AccessTokenRecord>();
  const routes: RouteTemplate[] = [];
  let origin = '';

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v4/')) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, pattern: templatePattern(route.url) });
    }
  });
  app.setErrorHandler((error: FastifyError | BitlyHttpError, request, reply) => {
    if (error instanceof BitlyHttpError) return sendBitly(reply, error.status, error.body);
    const resource = resourceOf(request.url);
    if (error instanceof BodyParseError) return sendBitly(reply, 400, bitlyError('INVALID_ARG_BODY', error.message, resource));
    const status =
      (error as FastifyError).statusCode && (error as FastifyError).statusCode! >= 400 ? (error as FastifyError).statusCode! : 500;
    if (status >= 500) return sendBitly(reply, status, defaultBitlyError(status, resource));
    return sendBitly(reply, status, bitlyError(defaultBitlyError(status, resource).message, error.message, resource));
  });
  app.setNotFoundHandler((request, reply) =>
    sendBitly(reply, 404, bitlyError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`, resourceOf(request.url))),
  );

  registerBitlyOAuth(app, { clients, tokens, faults, state });

  const ctx: BitlyCtx = { state, clients, apiBase: () => `${origin}/v4`, tokenOf: (request) => tokenOf.get(request) };
  const activity = new ActivityGenerator(() => bitlyActivity(ctx));
  app.register(
    async (api) => {
      api.addHook('preHandler', async (request, reply) => {
        await faults.delay(faults.latency);
        const resource = resourceOf(request.url);
        const check = tokens.check(parseBearer(request.headers.authorization));
        if (!check.ok) {
          const description =
            check.reason === 'missing'
              ? 'An access token is required (Authorization: Bearer).'
              : `The access token is ${check.reason === 'unknown' ? 'invalid' : check.reason}.`;
          return sendBitly(reply, 401, bitlyError('UNAUTHORIZED', description, resource));
        }
        const injected = faults.take();
        if (injected) return sendInjected(reply, injected, resource);
        tokenOf.set(request, check.record);
        const key = `${request.method} ${request.routeOptions.url}`;
        state.endpointCalls.set(key, (state.endpointCalls.get(key) ?? 0) + 1);
      });
      registerLinkRoutes(api, ctx);
      registerCustomBitlinkRoutes(api, ctx);
      registerCampaignRoutes(api, ctx);
      registerQrCodeRoutes(api, ctx);
      registerWebhookRoutes(api, ctx);
      registerMetricRoutes(api, ctx);
      registerGroupRoutes(api, ctx);
      registerGroupMetricRoutes(api, ctx);
      registerExportRoutes(api, ctx);
      registerOrganizationRoutes(api, ctx, () => routes);
    },
    { prefix: '/v4' },
  );

  const control = {
    ...commonControls(faults, tokens),
    issueToken: (o: { clientId?: string } = {}) => {
      const clientId = o.clientId ?? clients.list[0]?.clientId ?? DEFAULT_BITLY_CLIENT.clientId;
      return { access_token: tokens.issueAccess(clientId, [], null).token, login: state.user.login };
    },
    registerClient: (client: SandboxOAuthClient) => clients.add(client),
    brandedLinkMonthlyLimitReached: (on: boolean) => {
      state.brandedLimitReached = Boolean(on);
    },
    dnsMisconfigured: (domain: string, on = true) => {
      if (on) state.dnsBroken.add(domain);
      else state.dnsBroken.delete(domain);
    },
    setPremium: (on: boolean) => {
      state.premium = Boolean(on);
    },
    staticQrCodes: (enabled: boolean) => {
      state.staticQrEnabled = Boolean(enabled);
    },
    seed: (o: BitlySeedOptions) => seedBitly(ctx, o),
    allowedOrgs: (guids: string[]) => {
      state.allowedOrgs = new Set(guids);
    },
    webhookDeliveries: () => [...state.deliveries],
    createLink: (input: BitlyCreateLinkInput) => createLinkDirectly(ctx, input),
    startActivity: (settings: ActivitySettings) => activity.start(settings),
    stopActivity: () => activity.stop(),
    stepActivity: (count?: number, at?: number) => activity.step(count, at),
    activityStatus: () => activity.status(),
  };

  let sandboxRef: BitlySandbox | undefined;
  const info = () => ({
    provider: 'bitly',
    url: origin,
    apiBaseUrl: `${origin}/v4`,
    oauth: sandboxRef?.oauth,
    clients: clients.list,
    fixtures,
  });
  registerControlRoutes(app, () => ({ sandbox: sandboxRef as BitlySandbox, info }));

  origin = await listen(app, opts);
  const base = assembleSandbox({
    provider: 'bitly',
    core,
    url: origin,
    apiBaseUrl: `${origin}/v4`,
    oauth: { authorizeUrl: `${origin}/oauth/authorize`, tokenUrl: `${origin}${BITLY_TOKEN_PATH}`, revocationUrl: null },
    clients: clients.list,
    control,
    resetState: () => {
      state.reset();
      tokens.clear();
      activity.reset();
    },
    onClose: () => activity.stop(),
    info,
  });
  if (opts.activity) activity.start(opts.activity);
  sandboxRef = Object.assign(base, { provider: 'bitly' as const, fixtures });
  return sandboxRef;
}
