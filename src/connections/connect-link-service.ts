/**
 * Hosted connect links (compat POST /connected_accounts/link, pages in plugins/connect/index.ts).
 * Creating a link makes the connection right away through the native initiate flow, so the
 * caller gets its id at once: OAuth toolkits get an INITIATED connection whose authorize URL the
 * page redirects to; credential toolkits get a PENDING connection the page completes with the
 * native connect. The link record (the authorize URL, expiry, caller's callback) is sealed in the
 * vault under the connection, so it disappears with the connection, and it is deleted with a
 * conditional delete when the link is used: of two concurrent uses only one wins.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { DirectAuthMethodDef } from '../catalog/catalog-schema.js';
import type { AuthConfigService } from './auth-config-service.js';
import type { ConnectionService } from './connection-service.js';
import { STATE_TTL_MS } from './oauth-state.js';
import type { IConnection } from '../db/entities/index.js';
import { BrokerError } from '../errors.js';
import type { SecretName, SecretRef, VaultService } from '../vault/vault-service.js';
import { createLinkTokenSigner } from './link-token.js';

/** Credential forms stay open this long; OAuth links live as long as the OAuth state inside them. */
export const FORM_LINK_TTL_MS = 15 * 60 * 1000;
export const OAUTH_LINK_TTL_MS = STATE_TTL_MS;

// Vault secret names are a closed union owned by the vault; this one belongs to connect links.
const LINK_SECRET: SecretName = 'connect_link';

interface LinkRecord {
  kind: 'oauth' | 'form';
  projectId: string;
  expiresAt: number;
  authorizeUrl?: string;
  callbackUrl?: string;
}

export interface CreateLinkInput {
  authConfigId: string;
  entityId: string;
  callbackUrl?: string;
  alias?: string;
  connectionData?: Record<string, string>;
}

export interface CreatedLink {
  token: string;
  url: string;
  expiresAt: Date;
  connectionId: string;
}

export type LinkState =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'used' }
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; connection: IConnection; toolkitName: string; method: DirectAuthMethodDef; callbackUrl?: string; error?: string }
  | { kind: 'done'; connectionId: string; toolkitName: string; callbackUrl?: string };

export function createConnectLinkService(deps: {
  vault: VaultService;
  catalog: Catalog;
  connections: Pick<ConnectionService, 'initiate' | 'connect' | 'get'>;
  authConfigs: Pick<AuthConfigService, 'get'>;
  config: { sessionSecret: string; publicBaseUrl: string };
  now?: () => number;
}) {
  const { vault, catalog, connections, authConfigs } = deps;
  const now = deps.now ?? Date.now;
  const signer = createLinkTokenSigner(deps.config.sessionSecret);
  const ref = (connectionId: string): SecretRef => ({ ownerType: 'connection', ownerId: connectionId, name: LINK_SECRET });
  const toolkitName = (slug: string) => catalog.getToolkit(slug)?.name ?? slug;

  /** Deletes the record only if it is still the version read: true for exactly one caller. */
  async function claim(connectionId: string, version: number): Promise<boolean> {
    return vault.destroyIfVersion(ref(connectionId), version);
  }

  /** The link's record and connection while it is usable, else why not. */
  async function lookup(
    token: string,
  ): Promise<LinkState | { kind: 'live'; record: LinkRecord; version: number; connection: IConnection }> {
    const checked = signer.verify(token, now());
    if (!checked.ok) return { kind: checked.reason === 'expired' ? 'expired' : 'invalid' };
    const { connectionId, expiresAt } = checked.payload;
    const stored = await vault.get<LinkRecord>(ref(connectionId));
    if (!stored) return { kind: 'used' };
    if (stored.value.expiresAt !== expiresAt) return { kind: 'invalid' };
    let connection: IConnection;
    try {
      connection = await connections.get(stored.value.projectId, connectionId);
    } catch (err) {
      if (err instanceof BrokerError && err.code === 'NOT_FOUND') return { kind: 'used' };
      throw err;
    }
    const waiting = stored.value.kind === 'oauth' ? 'INITIATED' : 'PENDING';
    if (connection.status !== waiting) return { kind: 'used' };
    return { kind: 'live', record: stored.value, version: stored.version, connection };
  }

  function formState(connection: IConnection, record: LinkRecord, error?: string): LinkState {
    const method = catalog.getAuthMethod(connection.toolkitSlug, connection.authMethodId);
    if (!method || method.kind === 'oauth2') return { kind: 'invalid' };
    return {
      kind: 'form',
      connection,
      toolkitName: toolkitName(connection.toolkitSlug),
      method,
      ...(record.callbackUrl ? { callbackUrl: record.callbackUrl } : {}),
      ...(error ? { error } : {}),
    };
  }

  return {
    async create(projectId: string, input: CreateLinkInput): Promise<CreatedLink> {
      const config = await authConfigs.get(projectId, input.authConfigId);
      const oauth = config.authMethodKind === 'oauth2';
      const started = await connections.initiate(projectId, config.toolkitSlug, {
        entityId: input.entityId,
        authConfigId: config.id,
        ...(input.callbackUrl ? { redirectUrl: input.callbackUrl } : {}),
        ...(input.alias ? { alias: input.alias } : {}),
        ...(input.connectionData ? { connectionConfig: input.connectionData } : {}),
      });
      const expiresAt = now() + (oauth ? OAUTH_LINK_TTL_MS : FORM_LINK_TTL_MS);
      const record: LinkRecord = {
        kind: oauth ? 'oauth' : 'form',
        projectId,
        expiresAt,
        ...(started.redirectUrl ? { authorizeUrl: started.redirectUrl } : {}),
        ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}),
      };
      await vault.put(ref(started.connectionId), record);
      const token = signer.sign({ connectionId: started.connectionId, expiresAt });
      return {
        token,
        url: `${deps.config.publicBaseUrl}/connect/${token}`,
        expiresAt: new Date(expiresAt),
        connectionId: started.connectionId,
      };
    },

    /** GET of the page: OAuth links are used up here (redirect); forms are shown until submitted. */
    async open(token: string): Promise<LinkState> {
      const found = await lookup(token);
      if (found.kind !== 'live') return found;
      if (found.record.kind === 'form') return formState(found.connection, found.record);
      if (!found.record.authorizeUrl || !(await claim(found.connection.id, found.version))) return { kind: 'used' };
      return { kind: 'redirect', url: found.record.authorizeUrl };
    },

    /** POST of the form: completes the PENDING connection with the native connect, once. */
    async submit(token: string, fields: Record<string, string>): Promise<LinkState> {
      const found = await lookup(token);
      if (found.kind !== 'live') return found;
      const { record, connection } = found;
      const form = formState(connection, record);
      if (record.kind !== 'form' || form.kind !== 'form') return { kind: 'invalid' };
      const known = Object.keys(form.method.credentials.properties);
      // Blank optional fields are absent, not empty strings the schema would refuse.
      const credentials = Object.fromEntries(known.flatMap((k) => (fields[k] !== undefined && fields[k] !== '' ? [[k, fields[k]!]] : [])));
      if (!(await claim(connection.id, found.version))) return { kind: 'used' };
      try {
        await connections.connect(record.projectId, connection.toolkitSlug, {
          entityId: connection.entityId,
          connectionId: connection.id,
          credentials,
        });
      } catch (err) {
        // Nothing was stored: give the link back so the user can correct the form.
        await vault.put(ref(connection.id), record);
        if (err instanceof BrokerError && err.status === 400) return formState(connection, record, err.message);
        throw err;
      }
      return {
        kind: 'done',
        connectionId: connection.id,
        toolkitName: form.toolkitName,
        ...(record.callbackUrl ? { callbackUrl: record.callbackUrl } : {}),
      };
    },
  };
}
