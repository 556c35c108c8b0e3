/**
 * The composition root: the database access (src/db/fork-per-call.ts), the repositories and every domain service, built once
 * from the config and the ORM, each service with only the dependencies it uses. Nothing else
 * builds a service; plugins, the CLI and tests all reach services through here.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { BUILTIN_CATALOG_DIR, loadCatalog } from './catalog/catalog-loader.js';
import { parseToolkitOverrides } from './catalog/toolkit-overrides.js';
import { hasTemplatedHost } from './catalog/connection-config.js';
import { createCatalogService } from './catalog/catalog-service.js';
import { createVaultService } from './vault/vault-service.js';
import { createAuthConfigService } from './connections/auth-config-service.js';
import { createConnectionService } from './connections/connection-service.js';
import { createConnectionVerifier } from './connections/link-trust.js';
import { createTokenService } from './connections/token-service.js';
import { createHotCache } from './cache/hot-cache.js';
import { createEpochStore } from './db/cache-epoch-store.js';
import { createStateSigner } from './connections/oauth-state.js';
import { createProviderHttpClient } from './providers/http-client.js';
import { createOAuthHttpClient } from './providers/oauth-http-client.js';
import { privateAllowedHosts } from './providers/proxy-target.js';
import { createExecutionRecorder } from './tools/execution-recorder.js';
import { createConnectionResolver } from './connections/connection-resolver.js';
import { createExecutionService } from './tools/execution-service.js';
import { createConnectLinkService } from './connections/connect-link-service.js';
import { createProxyService } from './tools/proxy-service.js';
import { createToolSelection } from './tools/tool-selection.js';
import { createProviderCall } from './tools/provider-call.js';
import { createExecutionQuota } from './tools/execution-quota.js';
import { pruneExecutions } from './tools/execution-retention.js';
import type { ToolkitFile } from './catalog/catalog-schema.js';
import { createDb } from './db/fork-per-call.js';
import { createBrokerMetrics } from './metrics/broker-metrics.js';
import { ormPoolReader } from './metrics/orm-pool.js';
import { createRepositories } from './db/repositories/index.js';
import { createConsoleServices } from './console/console-services.js';
import { createTenancy } from './tenancy/index.js';
import { createScheduledTasks, TASKS } from './events/jobs/index.js';
import { createCompatWebhookStore } from './compat/webhook-store.js';
import { createComposioPayloads } from './events/composio-payloads.js';
import { createEventRecorder } from './events/event-recorder.js';
import { createWebhookSecrets } from './events/webhook-secrets.js';
import { createWebhookQueueStats } from './db/repositories/webhook-queue-stats.js';
import { createWakeChannel } from './db/webhook-wake-channel.js';
import { createWebhookSender } from './events/delivery/sender.js';
import { createDeliveryWorker } from './events/delivery/worker.js';
import { createConnectionEvents } from './connections/connection-events.js';
import { createWebhookService } from './events/webhook-service.js';
import { createEventRetention } from './events/retention.js';
import { createTriggerInstanceService } from './triggers/trigger-instance-service.js';
import { createTriggerPollStateRepository } from './db/repositories/trigger-poll-state-repository.js';
import { createTriggerPoller } from './triggers/poller/poller.js';
import { connectInstancesToPoller } from './triggers/instance-polling.js';
import { createProviderWebhookIngress } from './triggers/ingress/ingress-service.js';
import { createProviderAccountLookup } from './triggers/ingress/provider-accounts.js';
import { createIdempotencyService } from './idempotency/idempotency-service.js';
import { createIdempotencyKeyRepository } from './db/repositories/idempotency-key-repository.js';

/** Processed provider webhook events kept for deduplication: longer than HubSpot retries a delivery. */
const PROVIDER_WEBHOOK_INBOX_KEEP_MS = 3 * 86_400_000;

export interface ServiceDeps {
  config: Config;
  orm: MikroORM;
  log: FastifyBaseLogger;
  /** Time source for token, state and link lifetimes; default the system clock. */
  clock?: Clock;
}

/**
 * URLs whose host an operator configured as written. A host with {connectionConfig.<name>} is
 * left out: a user's value picks it, so it may never be private (an override that makes it
 * concrete, e.g. a loopback sandbox, is configured and listed here).
 */
function configuredUrls(toolkit: ToolkitFile): string[] {
  const urls = [toolkit.baseUrl];
  for (const m of toolkit.authMethods) {
    if (m.kind !== 'oauth2') continue;
    urls.push(m.oauth2.tokenUrl);
    if (m.oauth2.revocation) urls.push(m.oauth2.revocation.url.replace('{token}', 'x'));
  }
  return urls.filter((u) => !hasTemplatedHost(u));
}

export function createServices(deps: ServiceDeps) {
  const { orm, config } = deps;
  const clock = deps.clock ?? systemClock;
  const catalog = loadCatalog({
    dirs: [BUILTIN_CATALOG_DIR, ...config.catalogPaths],
    overrides: parseToolkitOverrides(config.toolkitOverrides),
    onWarning: (w) => deps.log.warn({ file: w.file, field: w.field }, `catalog: ${w.field} ${w.message}`),
  });
  // Only hosts an operator configured (toolkit base URLs and OAuth endpoints) may be private.
  // undici on the hot path (executions, proxy); got for the low-volume OAuth calls (src/providers/README.md).
  const httpOptions = {
    timeoutMs: config.providerTimeoutMs,
    allowPrivateHosts: privateAllowedHosts(catalog.toolkits().flatMap(configuredUrls)),
  };
  const http = createProviderHttpClient(httpOptions);
  const oauthHttp = createOAuthHttpClient(httpOptions);
  const db = createDb(orm, config.database);
  const repos = createRepositories(db);
  const vault = createVaultService({ secrets: repos.vaultSecrets, keys: config.vaultKeys });
  const epoch = createEpochStore(config.database);
  const cache = createHotCache(epoch, { safetyTtlMs: config.cacheSafetyTtlMs });
  const metrics = createBrokerMetrics();
  metrics.watch({ cache: () => cache.stats(), ormPool: ormPoolReader(orm) });
  // Organizations, projects, members, invitations, API keys: every change audited in its transaction.
  const tenancy = createTenancy({ db, cache, clock, config });
  // Events (issue 28): recorded with the change they report, in its transaction.
  const eventRecorder = createEventRecorder({
    events: repos.events,
    subscriptions: repos.webhookSubscriptions,
    deliveries: repos.webhookDeliveries,
    clock,
  });
  const webhookSecrets = createWebhookSecrets({ vault, clock });
  // Delivery (src/events/delivery): receivers pass the provider calls' address guard, with the same private hosts allowed.
  const webhookSender = createWebhookSender({ timeoutMs: config.webhooks.timeoutMs, allowPrivateHosts: httpOptions.allowPrivateHosts });
  const wakeChannel = createWakeChannel(config.database);
  const webhookQueueStats = createWebhookQueueStats(db);
  const webhookWorker = createDeliveryWorker({
    config: config.webhooks,
    db,
    deliveries: repos.webhookDeliveries,
    subscriptions: repos.webhookSubscriptions,
    stats: webhookQueueStats,
    secrets: webhookSecrets,
    recorder: eventRecorder,
    sender: webhookSender,
    channel: wakeChannel,
    metrics,
    // Built below with the services it reads; called only once the app runs.
    composioBody: (subscription, event, delivery) => composioPayloads.bodyFor(subscription, event, delivery),
    clock,
    log: deps.log,
  });
  eventRecorder.setWaker(webhookWorker.wake);
  metrics.watchWebhookQueue(webhookQueueStats.queueState, () => clock.now());
  const connectionEvents = createConnectionEvents({ recorder: eventRecorder, events: repos.events, rows: repos.connections });
  const authConfigs = createAuthConfigService({
    ownership: tenancy.ownership,
    db,
    authConfigs: repos.authConfigs,
    connections: repos.connections,
    catalog,
    vault,
    config,
    cache,
    connectionEvents,
  });
  const catalogService = createCatalogService({ catalog, isManagedClientConfigured: authConfigs.isManagedClientConfigured });
  const state = createStateSigner(config.sessionSecret, clock);
  const tokens = createTokenService({
    db,
    connectionRows: repos.connections,
    catalog,
    vault,
    authConfigs,
    http: oauthHttp,
    cache,
    clock,
    metrics,
    health: config.connectionRefresh,
    connectionEvents,
  });
  const connections = createConnectionService({
    ownership: tenancy.ownership,
    db,
    connectionRows: repos.connections,
    authConfigRows: repos.authConfigs,
    tokens,
    catalog,
    vault,
    authConfigs,
    http: oauthHttp,
    providerHttp: http,
    state,
    cache,
    config,
    clock,
    projects: tenancy.projects,
    connectionEvents,
    providerAccount: createProviderAccountLookup(oauthHttp),
    // Hosted links: the project's verifier is called like a webhook receiver, through the same guarded sender.
    verifier: createConnectionVerifier({ projects: tenancy.projects, sender: webhookSender, sessionSecret: config.sessionSecret, clock }),
  });
  const recorder = createExecutionRecorder({
    executions: repos.executions,
    log: deps.log,
    metrics,
    clock,
    keepDetails: config.executionRetention.bodyDays > 0,
  });
  const resolver = createConnectionResolver({
    connections: repos.connections,
    authConfigs: repos.authConfigs,
    cache,
    ownership: tenancy.ownership,
  });
  // Triggers (issue 29): instances; the connection events disable and resume them in the change's transaction.
  const triggerInstances = createTriggerInstanceService({
    ownership: tenancy.ownership,
    db,
    rows: repos.triggerInstances,
    catalog,
    resolver,
    recorder: eventRecorder,
    clock,
  });
  connectionEvents.onTransition(triggerInstances.connectionChanged);
  const quota = createExecutionQuota({ usage: repos.usage, cache, clock, recorder, log: deps.log });
  const providerCall = createProviderCall({ catalog, tokens, http, recorder, quota });
  const execution = createExecutionService({ catalog, resolver, providerCall, recorder });
  const proxy = createProxyService({ catalog, resolver, providerCall, recorder });
  // Trigger polls (issue 29): the provider call of executeTool, but the broker's own reads are
  // neither recorded as executions nor counted in the execution quota (poller.ts says why).
  const triggerPollStates = createTriggerPollStateRepository(db);
  const triggerPoller = createTriggerPoller({
    config: config.triggers,
    db,
    states: triggerPollStates,
    events: repos.events,
    recorder: eventRecorder,
    catalog,
    resolver,
    providerCall: createProviderCall({
      catalog,
      tokens,
      http,
      recorder: { track: (_base, _successful, call) => call(), refused: () => undefined },
      quota: { admit: () => undefined },
    }),
    metrics,
    clock,
    log: deps.log,
  });
  // Provider webhooks in (issue 29): verified, deduplicated events in an inbox; each brings the
  // matching trigger instances' next poll forward (src/triggers/instance-polling.ts).
  const providerWebhooks = createProviderWebhookIngress({ db, catalog, authConfigs, config, clock, log: deps.log });
  // Instance changes schedule their polls; a poller that gives up disables the instance.
  const triggerPolling = connectInstancesToPoller({
    instances: triggerInstances,
    poller: triggerPoller,
    rows: repos.triggerInstances,
    states: triggerPollStates,
    ingress: providerWebhooks,
    catalog,
    log: deps.log,
  });
  const connectLinks = createConnectLinkService({
    vault,
    catalog,
    connections,
    authConfigs,
    projects: tenancy.projects,
    findConnection: (id) => repos.connections.findById(id),
    config,
    now: () => clock.now(),
  });
  const eventRetention = createEventRetention({
    db,
    events: repos.events,
    deliveries: repos.webhookDeliveries,
    attempts: repos.webhookAttempts,
    retentionDays: config.eventRetentionDays,
  });
  // Periodic tasks run once across instances (the refresher, retention); plugins/scheduled-tasks.ts starts them.
  const { scheduler, refresher } = createScheduledTasks({
    config,
    repos,
    tokens,
    clock,
    log: deps.log,
    metrics,
    sweepExpiredEvents: () => eventRetention.sweepExpiredEvents(new Date(clock.now())),
  });
  // The provider webhook inbox, hourly and once across instances: hand on what a crash left
  // unprocessed, and drop processed rows older than HubSpot's retries (about a day) could repeat.
  scheduler.register({
    name: TASKS.providerWebhookInbox,
    intervalMs: 3_600_000,
    leaseMs: 15 * 60_000,
    run: async () => {
      await providerWebhooks.drainPending();
      await providerWebhooks.sweep(PROVIDER_WEBHOOK_INBOX_KEEP_MS);
    },
  });
  // Idempotency-Key (issue 33): a claim outlives any request (a token refresh, then the provider
  // call, each within the provider timeout); expired keys are swept hourly, once across instances.
  const idempotency = createIdempotencyService({
    rows: createIdempotencyKeyRepository(db),
    clock,
    lockMs: 2 * config.providerTimeoutMs + 30_000,
  });
  scheduler.register({
    name: TASKS.idempotencyKeys,
    intervalMs: 3_600_000,
    leaseMs: 15 * 60_000,
    run: async () => {
      await idempotency.sweepExpired();
    },
  });
  // Execution retention (issue 32), hourly and once across instances: details after
  // EXECUTION_BODY_RETENTION_DAYS, records after EXECUTION_RETENTION_DAYS, in batches.
  scheduler.register({
    name: TASKS.executionRetention,
    intervalMs: 3_600_000,
    leaseMs: 15 * 60_000,
    run: async (signal) => {
      await pruneExecutions(repos.executions, config.executionRetention, clock.now(), signal);
    },
  });
  // The native webhook API's service; the compat mount's store delegates to it.
  const webhooks = createWebhookService({
    ownership: tenancy.ownership,
    db,
    subscriptions: repos.webhookSubscriptions,
    deliveries: repos.webhookDeliveries,
    attempts: repos.webhookAttempts,
    events: repos.events,
    secrets: webhookSecrets,
    recorder: eventRecorder,
    clock,
  });
  /** Composio-scheme delivery bodies (V1/V2/V3), for the delivery worker's compat subscriptions. */
  const composioPayloads = createComposioPayloads({
    organizationOf: async (projectId) => (await tenancy.projects.find(projectId))?.organizationId,
    authConfigFlags: (projectId, authConfigId) => authConfigs.get(projectId, authConfigId).catch(() => undefined),
    requestedScopes: async (projectId, connectionId) =>
      (await connections.get(projectId, connectionId).catch(() => undefined))?.requestedScopes ?? undefined,
  });
  return {
    tenancy,
    catalog,
    catalogService,
    vault,
    authConfigs,
    connections,
    tokens,
    execution,
    proxy,
    connectLinks,
    /** Monthly execution quotas: enforced in every provider call; tenancy.organizations.setMonthlyQuota sets them. */
    quota,
    toolSelection: createToolSelection({ catalog, authConfigs, connections, connectLinks }),
    // The console plane (plugins/console): accounts, sessions, usage, audit log, project resources.
    ...createConsoleServices({
      repos,
      config,
      clock,
      tenancy,
      authConfigs,
      connections,
      tokens,
      connectLinks,
      catalog,
      catalogService,
      webhooks,
      triggerInstances,
      triggerPollStates,
      execution,
      recorder,
    }),
    /** The trigger poller (issue 29): schedule/unschedule/status for the instance service; plugins/trigger-poller.ts runs its loop. */
    triggerPoller,
    /** Instances joined to the poller; `reconcile` runs before the poller's loop starts. */
    triggerPolling,
    scheduler,
    /** The connection health refresher (a scheduled task; tests run it directly). */
    refresher,
    /** Liveness of the database (readiness probe). */
    ping: () => db.ping(),
    // Internals: the auth hook syncs the cache; tests flush the recorder and sign states.
    cache,
    /** Prometheus registry and request counting (plugins/metrics.ts). */
    metrics,
    recorder,
    state,
    /** Events and webhooks (issue 28): the recorder (its waker is the delivery worker's), signing secrets, and the tables' repositories for the worker. */
    eventRecorder,
    webhookSecrets,
    /** Sends the queued deliveries; plugins/events-worker.ts starts it with the app and drains it on close. */
    webhookWorker,
    /** The compat mount's webhook subscriptions (the same table, `composio` scheme only). */
    compatWebhooks: createCompatWebhookStore({
      ownership: tenancy.ownership,
      db,
      subscriptions: repos.webhookSubscriptions,
      secrets: webhookSecrets,
      webhooks,
      clock,
    }),
    /** Composio-scheme delivery bodies (V1/V2/V3), for the delivery worker's compat subscriptions. */
    composioPayloads,
    /** Webhook subscriptions, their attempts, redelivery, test events and the events list (the native API; compat binds to it too). */
    webhooks,
    /** sweepExpiredEvents(now): the retention of events, deliveries and attempts (scheduled hourly by src/events/jobs). */
    eventRetention,
    /** Execution retention (scheduled hourly): prune(now) deletes expired details and records. */
    executionRetention: {
      prune: (now: number) => pruneExecutions(repos.executions, config.executionRetention, now),
    },
    /** Provider webhooks in (issue 29): verify, dedupe into the inbox, `onEvents` after commit. */
    providerWebhooks,
    eventRepos: {
      events: repos.events,
      webhookSubscriptions: repos.webhookSubscriptions,
      webhookDeliveries: repos.webhookDeliveries,
      webhookAttempts: repos.webhookAttempts,
    },
    /** Idempotency-Key on the acting native operations (issue 33); plugins/native/idempotency.ts hooks it on. */
    idempotency,
    /** Trigger instances (issue 29): upsert, list, get, update, delete; onChange(listener) tells committed changes. */
    triggerInstances,
    /** Flushes pending execution records and releases connections (app close). */
    async close(): Promise<void> {
      await recorder.close();
      await db.close();
      await Promise.all([http.close(), oauthHttp.close(), webhookSender.close()]);
      await Promise.all([epoch.close(), wakeChannel.close()]);
    },
  };
}

export type Services = ReturnType<typeof createServices>;
