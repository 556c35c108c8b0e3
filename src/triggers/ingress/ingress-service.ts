/**
 * Provider webhooks in (issue 29): a request to a toolkit's ingress URL is verified with the app's
 * signing key before anything is read from its body, its events are written to the inbox
 * (`provider_webhook_events`) deduplicated by the provider's event id, and, once committed, handed
 * to the listeners (`onEvents`) with the connections of each event's account. No provider is
 * called inside the request. HubSpot is the one toolkit with an adapter so far.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Catalog } from '../../catalog/catalog.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/fork-per-call.js';
import type { IProviderWebhookEvent } from '../../db/entities/index.js';
import { createProviderWebhookInbox, type AppScope } from '../../db/repositories/provider-webhook-inbox.js';
import { badRequest, unauthorized } from '../../errors.js';
import { newId } from '../../ids.js';
import type { AuthConfigService } from '../../connections/auth-config-service.js';
import { parseHubspotEvents } from './hubspot-events.js';
import { verifyHubspotV3 } from './hubspot-signature.js';

/** The toolkits whose provider webhooks the broker understands. */
export const INGRESS_TOOLKITS = ['hubspot'] as const;

/** One accepted, deduplicated provider event, as listeners receive it. */
export interface IngressEvent {
  /** The inbox row's id (`pwe_…`). */
  id: string;
  toolkit: string;
  /** The provider account (HubSpot's portalId). */
  accountId: string;
  subscriptionType: string;
  objectId: string;
  propertyName?: string;
  propertyValue?: string;
  /** ISO 8601. */
  occurredAt: string;
  providerEventId: string;
  /** The connections of that account (any project, any status) through the app that signed the request. */
  connectionIds: string[];
}

/** Called after the inbox commit; a listener that resolves marks its events routed. */
export type IngressListener = (events: IngressEvent[]) => Promise<void> | void;

export interface IngressRequest {
  toolkit: string;
  /** Set on a custom app's URL (`/provider_webhooks/{toolkit}/{authConfigId}`). */
  authConfigId?: string;
  method: string;
  /** The path and query as received (`request.url`); PUBLIC_BASE_URL is put in front of it. */
  url: string;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface IngressOutcome {
  received: number;
  accepted: number;
  duplicates: number;
}

const header = (h: IngressRequest['headers'], name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

function toEvent(row: IProviderWebhookEvent): IngressEvent {
  return {
    id: row.id,
    toolkit: row.toolkitSlug,
    accountId: row.accountId,
    subscriptionType: row.subscriptionType,
    objectId: row.objectId,
    ...(row.propertyName !== null ? { propertyName: row.propertyName } : {}),
    ...(row.propertyValue !== null && row.propertyValue !== undefined ? { propertyValue: row.propertyValue } : {}),
    occurredAt: row.occurredAt.toISOString(),
    providerEventId: row.providerEventId,
    connectionIds: row.connectionIds,
  };
}

export function createProviderWebhookIngress(deps: {
  db: Db;
  catalog: Pick<Catalog, 'getToolkit'>;
  authConfigs: Pick<AuthConfigService, 'oauthClient'>;
  config: Pick<Config, 'publicBaseUrl' | 'managedOAuthClients'>;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const inbox = createProviderWebhookInbox(deps.db);
  const listeners: IngressListener[] = [];
  const baseUrl = deps.config.publicBaseUrl.replace(/\/+$/, '');

  /** The app's signing key (its OAuth client secret) and which connections its events reach. */
  async function signingKey(
    toolkit: string,
    authConfigId: string | undefined,
  ): Promise<{ secret: string; scope: AppScope; source: string }> {
    if (!authConfigId) {
      const managed = deps.config.managedOAuthClients[toolkit];
      if (!managed)
        throw badRequest(
          `No platform-managed ${toolkit} app is configured; a custom app uses /provider_webhooks/${toolkit}/{authConfigId}`,
        );
      return { secret: managed.clientSecret, scope: { kind: 'managed' }, source: 'managed' };
    }
    const config = await inbox.authConfig(authConfigId);
    if (!config || config.toolkitSlug !== toolkit || config.isManaged)
      throw badRequest(`Auth config ${authConfigId} is not a custom ${toolkit} app on this broker`);
    const client = await deps.authConfigs.oauthClient(config);
    return { secret: client.clientSecret, scope: { kind: 'custom', authConfigId }, source: authConfigId };
  }

  /** Hands events to every listener; all resolved -> routed. A failure leaves them pending (drainPending). */
  async function dispatch(events: IngressEvent[]): Promise<void> {
    if (events.length === 0 || listeners.length === 0) return;
    try {
      for (const listener of listeners) await listener(events);
      await inbox.markProcessed(
        events.map((e) => e.id),
        new Date(deps.clock.now()),
      );
    } catch (err) {
      deps.log.error({ err, events: events.length }, 'provider webhook listener failed; the events stay pending in the inbox');
    }
  }

  return {
    /** Verifies, deduplicates and records one delivery; throws 400/401 BrokerErrors having recorded nothing. */
    async receive(req: IngressRequest): Promise<IngressOutcome> {
      if (!(INGRESS_TOOLKITS as readonly string[]).includes(req.toolkit) || !deps.catalog.getToolkit(req.toolkit))
        throw badRequest(`Toolkit "${req.toolkit}" has no provider webhooks on this broker (supported: ${INGRESS_TOOLKITS.join(', ')})`);
      const key = await signingKey(req.toolkit, req.authConfigId);
      const check = verifyHubspotV3(
        {
          method: req.method,
          uri: baseUrl + req.url,
          rawBody: req.rawBody,
          signature: header(req.headers, 'x-hubspot-signature-v3'),
          timestamp: header(req.headers, 'x-hubspot-request-timestamp'),
        },
        [key.secret],
        deps.clock.now(),
      );
      if (!check.ok) throw unauthorized(check.message);
      const parsed = parseHubspotEvents(req.rawBody);
      if (!parsed.ok) throw badRequest(parsed.message);
      // A retry may repeat an event inside one request too: the first occurrence stands for it.
      const firsts = new Map<string, (typeof parsed.events)[number]>();
      for (const e of parsed.events) if (!firsts.has(e.eventId)) firsts.set(e.eventId, e);
      const unique = [...firsts.values()];
      const connections = await inbox.connectionsOf(req.toolkit, [...new Set(unique.map((e) => e.portalId))], key.scope);
      const receivedAt = new Date(deps.clock.now());
      const accepted = await deps.db.transaction((tx) =>
        inbox.insertNew(
          tx,
          unique.map((e) => ({
            id: newId('pwe'),
            toolkitSlug: req.toolkit,
            source: key.source,
            providerEventId: e.eventId,
            accountId: e.portalId,
            subscriptionType: e.subscriptionType,
            objectId: e.objectId,
            propertyName: e.propertyName ?? null,
            propertyValue: e.propertyValue ?? null,
            occurredAt: new Date(e.occurredAt),
            connectionIds: connections.get(e.portalId) ?? [],
            payload: e.raw,
            receivedAt,
          })),
        ),
      );
      // After the commit and off the request: the answer does not wait for routing.
      const events = accepted.map(toEvent);
      if (events.length > 0) setImmediate(() => void dispatch(events));
      return { received: parsed.events.length, accepted: accepted.length, duplicates: parsed.events.length - accepted.length };
    },

    /** Adds a listener for accepted events (after commit). The lead wires trigger instances here. */
    onEvents(listener: IngressListener): void {
      listeners.push(listener);
    },

    /** Hands the listeners what a crash or a failed listener left pending (oldest first); returns how many. */
    async drainPending(limit = 500): Promise<number> {
      const rows = await inbox.pending(limit);
      await dispatch(rows.map(toEvent));
      return rows.length;
    },

    /**
     * Forgets routed events older than `keepMs` (for a scheduled task). The rows are the dedupe
     * memory: keep them longer than the provider retries (HubSpot: 10 retries over about a day).
     */
    sweep(keepMs: number): Promise<number> {
      return inbox.deleteProcessedBefore(new Date(deps.clock.now() - keepMs));
    },

    /** The inbox's queries (tests and the lead's wiring read it). */
    inbox,
  };
}

export type ProviderWebhookIngress = ReturnType<typeof createProviderWebhookIngress>;
