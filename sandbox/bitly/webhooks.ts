/**
 * Webhooks (premium): create (201), get, list per organization, update, delete (204), verify.
 * VERIFY really POSTs a ping event to the webhook URL, but only to loopback addresses, and reports
 * the outcome; with a loopback oauth_url it first fetches a client-credentials token there.
 */
import type { FastifyInstance } from 'fastify';
import { formEncode, isHttpUrl, isLoopbackUrl } from '../common/forms.js';
import { body, optBool, optString, params, requireGroup, requirePremium, type BitlyCtx } from './context.js';
import { invalidArg, notFound } from './errors.js';
import { bitlyTime, type Webhook } from './state.js';
import type { WebhookDelivery } from '../types.js';

const R = 'webhooks';
const PING_TIMEOUT_MS = 5000;

async function fetchWebhookToken(hook: Webhook): Promise<string> {
  const res = await fetch(hook.oauth_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: formEncode({ grant_type: 'client_credentials', client_id: hook.client_id, client_secret: hook.client_secret }),
    signal: AbortSignal.timeout(PING_TIMEOUT_MS),
  });
  const json = (await res.json().catch(() => ({}))) as { access_token?: unknown };
  if (!res.ok || typeof json.access_token !== 'string') throw new Error(`oauth_url answered ${res.status} without an access_token`);
  return json.access_token;
}

async function ping(ctx: BitlyCtx, hook: Webhook): Promise<WebhookDelivery> {
  const delivery: WebhookDelivery = {
    webhookGuid: hook.guid,
    url: hook.url,
    delivered: false,
    statusCode: null,
    error: null,
    at: Date.now(),
  };
  if (!isLoopbackUrl(hook.url)) {
    delivery.error = 'not sent: the sandbox only delivers webhooks to loopback URLs';
    return delivery;
  }
  try {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Bitly-Webhooks/1.0 (sandbox)',
      'x-bitly-event': 'ping',
    };
    if (hook.oauth_url && isLoopbackUrl(hook.oauth_url)) headers.authorization = `Bearer ${await fetchWebhookToken(hook)}`;
    const res = await fetch(hook.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        event: 'ping',
        webhook_guid: hook.guid,
        organization_guid: hook.organization_guid,
        group_guid: hook.group_guid,
        subscribed_event: hook.event,
        login: ctx.state.user.login,
        timestamp: Math.floor(Date.now() / 1000),
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(PING_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    delivery.statusCode = res.status;
    delivery.delivered = res.status >= 200 && res.status < 300;
    if (!delivery.delivered) delivery.error = `receiver answered ${res.status}`;
  } catch (err) {
    delivery.error = (err as Error).message;
  }
  return delivery;
}

export function registerWebhookRoutes(api: FastifyInstance, ctx: BitlyCtx): void {
  const { state } = ctx;

  const hookBody = (h: Webhook) => ({
    references: { organization: `${ctx.apiBase()}/organizations/${h.organization_guid}` },
    guid: h.guid,
    created: h.created,
    modified: h.modified,
    modified_by: state.user.login,
    alerted: h.alerted,
    deactivated: h.deactivated,
    is_active: h.is_active,
    is_alert: false,
    organization_guid: h.organization_guid,
    group_guid: h.group_guid,
    name: h.name,
    event: h.event,
    url: h.url,
    status: h.status,
    oauth_url: h.oauth_url,
    client_id: h.client_id,
    client_secret: h.client_secret ? '********' : '',
    fetch_tags: h.fetch_tags,
  });

  const requireHook = (guid: string): Webhook => {
    const h = state.webhooks.get(guid);
    if (!h) throw notFound(R, 'webhook');
    return h;
  };

  const apply = (h: Webhook, b: Record<string, unknown>) => {
    const url = optString(b, 'url', R);
    if (url !== undefined && !isHttpUrl(url)) throw invalidArg('url', R, 'url must be an http(s) URL.');
    const oauthUrl = optString(b, 'oauth_url', R);
    if (oauthUrl && !isHttpUrl(oauthUrl)) throw invalidArg('oauth_url', R);
    const group = optString(b, 'group_guid', R);
    if (group) requireGroup(ctx, group, R);
    const org = optString(b, 'organization_guid', R);
    if (org !== undefined && !state.orgs.has(org)) throw notFound(R, 'organization');
    const fields: [keyof Webhook, unknown][] = [
      ['name', optString(b, 'name', R)],
      ['event', optString(b, 'event', R)],
      ['url', url],
      ['oauth_url', oauthUrl],
      ['client_id', optString(b, 'client_id', R)],
      ['client_secret', optString(b, 'client_secret', R)],
      ['group_guid', group],
      ['organization_guid', org],
      ['is_active', optBool(b, 'is_active', R)],
      ['fetch_tags', optBool(b, 'fetch_tags', R)],
    ];
    for (const [k, v] of fields) if (v !== undefined) (h as unknown as Record<string, unknown>)[k] = v;
    h.modified = bitlyTime();
  };

  api.post('/webhooks', async (request, reply) => {
    requirePremium(ctx, R);
    const b = body(request);
    for (const f of ['organization_guid', 'name', 'event', 'url']) {
      if (typeof b[f] !== 'string' || b[f] === '') throw invalidArg(f, R, `${f} is required.`, 'missing');
    }
    if (!state.orgs.has(b.organization_guid as string)) throw notFound(R, 'organization');
    const now = bitlyTime();
    const h: Webhook = {
      guid: state.newGuid('Wh', state.webhooks),
      organization_guid: '',
      group_guid: '',
      name: '',
      event: '',
      url: '',
      is_active: true,
      status: 'pending',
      oauth_url: '',
      client_id: '',
      client_secret: '',
      fetch_tags: false,
      created: now,
      modified: now,
      alerted: '',
      deactivated: '',
      deleted: false,
    };
    apply(h, b);
    state.webhooks.set(h.guid, h);
    return reply.code(201).send(hookBody(h));
  });

  api.get('/webhooks/:webhook_guid', async (request) => {
    requirePremium(ctx, R);
    return hookBody(requireHook(params(request).webhook_guid));
  });

  api.get('/organizations/:organization_guid/webhooks', async (request) => {
    requirePremium(ctx, R);
    const org = params(request).organization_guid;
    if (!state.orgs.has(org)) throw notFound('organizations', 'organization');
    return { webhooks: [...state.webhooks.values()].filter((h) => h.organization_guid === org).map(hookBody) };
  });

  api.patch('/webhooks/:webhook_guid', async (request) => {
    requirePremium(ctx, R);
    const h = requireHook(params(request).webhook_guid);
    const b = body(request);
    if (b.guid !== undefined && b.guid !== h.guid) throw invalidArg('guid', R, 'guid in the body must match the path.');
    apply(h, b);
    return hookBody(h);
  });

  api.delete('/webhooks/:webhook_guid', async (request, reply) => {
    requirePremium(ctx, R);
    const h = requireHook(params(request).webhook_guid);
    state.webhooks.delete(h.guid);
    return reply.code(204).send();
  });

  api.post('/webhooks/:webhook_guid/verify', async (request) => {
    requirePremium(ctx, R);
    const h = requireHook(params(request).webhook_guid);
    const delivery = await ping(ctx, h);
    state.deliveries.push(delivery);
    h.status = delivery.delivered ? 'active' : 'failing';
    if (!delivery.delivered) h.alerted = bitlyTime();
    return {
      ...hookBody(h),
      verified: delivery.delivered,
      verification: { delivered: delivery.delivered, status_code: delivery.statusCode, error: delivery.error },
    };
  });
}
