/**
 * What a Composio-scheme webhook subscription (one made on the compat mount) is sent: Composio's
 * event type names and their V1, V2 and V3 payloads (shared/reference/events-and-triggers.md
 * section 2), so `@composio/core`'s `triggers.verifyWebhook` and `parse` read our deliveries
 * unchanged. The payload is a pure function of the event, the subscription, the delivery and a
 * context that never changes for an event (its organization, the auth config's flags, the
 * connection's requested scopes), so every attempt of a delivery sends the same bytes.
 */
import type { ConnectionView } from '../connections/connection-view.js';
import { COMPOSIO_WEBHOOK_VERSIONS, type ComposioWebhookVersion } from '../db/entities/webhook-subscription.js';
import { connectedAccountOf, type AuthConfigFlags, type ConnectedAccount } from '../compat/connected-account-view.js';

/** Composio's payload versions: the store's column values (src/db/entities/webhook-subscription.ts). */
export const COMPOSIO_VERSIONS = COMPOSIO_WEBHOOK_VERSIONS;
export type ComposioVersion = ComposioWebhookVersion;

/** Composio's trigger event: the triggers issue records these; stored and listed under this name. */
export const TRIGGER_MESSAGE = 'composio.trigger.message';

/**
 * The event types a compat subscription may name, what each is called among our event types, and
 * the payload versions it has (Composio sends its non-trigger events only as V3).
 */
export const COMPOSIO_EVENT_TYPES = [
  {
    event_type: 'composio.connected_account.expired',
    ours: 'connection.expired',
    description: 'A connected account expired: its token refresh was refused and the user must authorize again.',
    supported_versions: ['V3'],
  },
  {
    event_type: TRIGGER_MESSAGE,
    ours: 'trigger.event',
    description: 'A trigger fired: the event of a trigger instance, shaped by its trigger type.',
    supported_versions: ['V1', 'V2', 'V3'],
  },
  {
    event_type: 'composio.trigger.disabled',
    ours: 'trigger.disabled',
    description: 'A trigger instance was disabled by the system (for example, its connected account expired).',
    supported_versions: ['V3'],
  },
] as const satisfies readonly { event_type: string; ours: string; description: string; supported_versions: readonly ComposioVersion[] }[];

const BY_COMPOSIO = new Map<string, (typeof COMPOSIO_EVENT_TYPES)[number]>(COMPOSIO_EVENT_TYPES.map((e) => [e.event_type, e]));
const BY_OURS = new Map<string, (typeof COMPOSIO_EVENT_TYPES)[number]>(COMPOSIO_EVENT_TYPES.map((e) => [e.ours, e]));

/** Our stored event type for a Composio event type name; undefined for a name Composio does not have. */
export function ourEventType(composioType: string): string | undefined {
  return BY_COMPOSIO.get(composioType)?.ours;
}

/**
 * The Composio name of one of our event types. Types Composio has no name for (`connection.created`,
 * `webhook.test`, …) reach a compat subscription only when sent to it by id (a test event, a
 * redelivery from the native API); they go out as `composio.<type>`, because core's V3 parser
 * accepts only `composio.`-prefixed types.
 */
export function composioEventType(ourType: string): string {
  return BY_OURS.get(ourType)?.event_type ?? `composio.${ourType}`;
}

/** The payload versions of a Composio event type (V3 only for the types Composio does not list). */
export function supportedVersions(composioType: string): readonly ComposioVersion[] {
  return BY_COMPOSIO.get(composioType)?.supported_versions ?? ['V3'];
}

/** The fields of the rows the payload reads (the events plane's subscription, event and delivery). */
export interface PayloadSubscription {
  version?: string | null;
}
export interface PayloadEvent {
  id: string;
  projectId: string;
  type: string;
  createdAt: Date;
  data: unknown;
}
export interface PayloadDelivery {
  /** `msg_…`: the `webhook-id` header, which Composio's payload repeats as its `id`. */
  id: string;
}

/** What the payload needs beyond the rows, constant for an event. */
export interface ComposioPayloadContext {
  orgId: string;
  /** The connection's auth config flags (absent when it was deleted since: both read false). */
  authConfig?: AuthConfigFlags;
  /** The connection's requested scopes, as its single read shows them (absent: none). */
  requestedScopes?: readonly string[];
}

/**
 * A `trigger.event`'s data (src/triggers/poller/): the trigger instance, its connection, and the
 * event shaped by the trigger type's payload schema. Native names; the compat body renames them.
 */
export interface TriggerMessageData {
  triggerSlug: string;
  instanceId: string;
  connectionId: string;
  authConfigId: string;
  userId: string;
  payload: Record<string, unknown>;
}

export interface ComposioPayload {
  /** The `x-composio-webhook-version` header: the subscription's version, or V3 for a V3-only event. */
  version: ComposioVersion;
  body: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A connection.* event's data is the native connection view: render it as the compat single read. */
function accountOf(data: unknown, context: ComposioPayloadContext): ConnectedAccount | undefined {
  if (!isRecord(data) || typeof data.id !== 'string' || typeof data.authMethodKind !== 'string') return undefined;
  return connectedAccountOf(data as unknown as ConnectionView, context.authConfig, { requestedScopes: context.requestedScopes ?? [] });
}

function triggerMessage(data: unknown): TriggerMessageData | undefined {
  if (!isRecord(data) || !isRecord(data.payload)) return undefined;
  const fields = ['triggerSlug', 'instanceId', 'connectionId', 'authConfigId', 'userId'] as const;
  return fields.every((f) => typeof data[f] === 'string') ? (data as unknown as TriggerMessageData) : undefined;
}

/** A trigger.disabled event's data (the native instance view and the reason) in Composio's names. */
function triggerDisabledData(d: Record<string, unknown>): Record<string, unknown> {
  return {
    id: d.id,
    connected_account_id: d.connectedAccountId,
    trigger_name: d.triggerSlug,
    user_id: d.entityId,
    trigger_config: d.config,
    disabled_at: d.disabledAt,
    disabled_reason: d.reason ?? d.disabledReason,
  };
}

/**
 * The Composio-scheme body of one delivery. V3 (every event): `{id, type, timestamp, metadata,
 * data}`; a trigger message also as V2 `{type, timestamp, log_id, data}` and V1 `{trigger_name,
 * trigger_id, connection_id, payload, log_id}`. The event id is the `log_id`.
 */
export function composioPayload(
  subscription: PayloadSubscription,
  event: PayloadEvent,
  delivery: PayloadDelivery,
  context: ComposioPayloadContext,
): ComposioPayload {
  const type = composioEventType(event.type);
  const timestamp = event.createdAt.toISOString();
  const wanted = (COMPOSIO_VERSIONS as readonly string[]).includes(subscription.version ?? '')
    ? (subscription.version as ComposioVersion)
    : 'V3';
  const version = supportedVersions(type).includes(wanted) ? wanted : 'V3';

  const trigger = type === TRIGGER_MESSAGE ? triggerMessage(event.data) : undefined;
  if (trigger) {
    if (version === 'V1') {
      return {
        version,
        body: {
          trigger_name: trigger.triggerSlug,
          trigger_id: trigger.instanceId,
          connection_id: trigger.connectionId,
          payload: trigger.payload,
          log_id: event.id,
        },
      };
    }
    if (version === 'V2') {
      return {
        version,
        body: {
          type: trigger.triggerSlug.toLowerCase(),
          timestamp,
          log_id: event.id,
          // Composio has uuids and nano ids; ours are one id, so both fields carry it.
          data: {
            ...trigger.payload,
            connection_id: trigger.connectionId,
            connection_nano_id: trigger.connectionId,
            trigger_id: trigger.instanceId,
            trigger_nano_id: trigger.instanceId,
            user_id: trigger.userId,
          },
        },
      };
    }
    return {
      version,
      body: {
        id: delivery.id,
        type,
        timestamp,
        metadata: {
          log_id: event.id,
          trigger_slug: trigger.triggerSlug,
          trigger_id: trigger.instanceId,
          connected_account_id: trigger.connectionId,
          auth_config_id: trigger.authConfigId,
          user_id: trigger.userId,
        },
        data: trigger.payload,
      },
    };
  }

  if (event.type === 'trigger.disabled' && isRecord(event.data)) {
    return {
      version: 'V3',
      body: { id: delivery.id, type, timestamp, metadata: { project_id: event.projectId }, data: triggerDisabledData(event.data) },
    };
  }

  const account = event.type.startsWith('connection.') ? accountOf(event.data, context) : undefined;
  return {
    version: 'V3',
    body: {
      id: delivery.id,
      type,
      timestamp,
      metadata: { project_id: event.projectId, org_id: context.orgId },
      data: account ?? (isRecord(event.data) ? event.data : {}),
    },
  };
}

/** Where the context comes from: narrow look-ups the composition root binds to services. */
export interface ComposioContextSources {
  organizationOf(projectId: string): Promise<string | undefined>;
  authConfigFlags(projectId: string, authConfigId: string): Promise<AuthConfigFlags | undefined>;
  requestedScopes(projectId: string, connectionId: string): Promise<readonly string[] | undefined>;
}

/** The context of an event's Composio payload, read once per delivery attempt. */
export async function composioPayloadContext(sources: ComposioContextSources, event: PayloadEvent): Promise<ComposioPayloadContext> {
  const data = isRecord(event.data) ? event.data : {};
  const connectionId = event.type.startsWith('connection.') && typeof data.id === 'string' ? data.id : undefined;
  const authConfigId = typeof data.authConfigId === 'string' ? data.authConfigId : undefined;
  const [orgId, authConfig, requestedScopes] = await Promise.all([
    sources.organizationOf(event.projectId),
    connectionId && authConfigId ? sources.authConfigFlags(event.projectId, authConfigId) : undefined,
    connectionId ? sources.requestedScopes(event.projectId, connectionId) : undefined,
  ]);
  return {
    orgId: orgId ?? '',
    ...(authConfig ? { authConfig } : {}),
    ...(requestedScopes ? { requestedScopes } : {}),
  };
}

/**
 * The composition root's binding: the body (and its version header) of a Composio-scheme delivery,
 * from the stored rows and the event's context. The delivery worker calls this for `composio`
 * subscriptions where it calls payloadFor (src/events/payloads.ts) for the others.
 */
export function createComposioPayloads(sources: ComposioContextSources) {
  return {
    async bodyFor(
      subscription: PayloadSubscription,
      event: PayloadEvent,
      delivery: PayloadDelivery,
    ): Promise<{ version: ComposioVersion; body: string }> {
      const p = composioPayload(subscription, event, delivery, await composioPayloadContext(sources, event));
      return { version: p.version, body: JSON.stringify(p.body) };
    },
  };
}
