/**
 * Hosted connect links (native POST /api/v1/connect-links, compat POST /connected_accounts/link,
 * pages in plugins/connect). Creating a link makes the connection right away through the native
 * initiate flow, so the caller gets its id at once: OAuth toolkits get an INITIATED connection
 * whose authorize URL the page sends the user to; credential toolkits get a PENDING connection the
 * page completes with the native connect. The link record (the authorize URL, expiry, caller's
 * callback) is sealed in the vault under the connection, so it disappears with the connection.
 *
 * Opening a link (`open`, the page's GET) never changes anything: chat and e-mail previews fetch
 * links before the user clicks. Only the user's action (`submit`, the page's POST) uses it up, by
 * a conditional delete of the record: of two concurrent submissions only one wins. A credential
 * form the catalog schema refuses is shown again and does not use the link; a submission that
 * connects does.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { DirectAuthMethodDef } from '../catalog/catalog-schema.js';
import type { AuthConfigService } from './auth-config-service.js';
import type { ConnectionService } from './connection-service.js';
import { STATE_TTL_MS } from './oauth-state.js';
import type { IConnection } from '../db/entities/index.js';
import type { Projects } from '../tenancy/projects.js';
import { BrokerError } from '../errors.js';
import type { SecretName, SecretRef, VaultService } from '../vault/vault-service.js';
import { createLinkTokenSigner } from './link-token.js';
import { assertAllowedRedirect } from './redirect-allowlist.js';
import { browserCookieName, newBrowserBinding } from './link-trust.js';

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

/** What a page says about a link: whose toolkit, for which project, and where the user goes after. */
export interface LinkPage {
  toolkit: { slug: string; name: string; description: string | null };
  projectName: string;
  callbackUrl?: string;
  expiresAt: Date;
}

/** A refused form field (`field` is the credential field name; '' for the form as a whole). */
export interface FieldProblem {
  field: string;
  message: string;
  /** The provider refused the credentials as a whole (verification): the page shows its answer. */
  provider?: boolean;
}

export type LinkState =
  | { kind: 'invalid' }
  /** `page` and `connectionId` when the record still exists (the page can offer the way back). */
  | { kind: 'expired'; page?: LinkPage; connectionId?: string }
  /** `connected`: the link's own connection is ACTIVE (the person most likely just used it). */
  | { kind: 'used'; connected?: { toolkitName: string } }
  /** The project disabled the link's auth config since: nothing can be completed until it is enabled. */
  | { kind: 'unavailable'; page: LinkPage }
  /** An OAuth link waiting for the user's "continue"; `authorizeOrigin` is where it will send them. */
  | { kind: 'oauth'; page: LinkPage; authorizeOrigin: string }
  /** A credential form, fresh or refused (`problems`, with the `values` as submitted). */
  | { kind: 'form'; page: LinkPage; method: DirectAuthMethodDef; problems?: FieldProblem[]; values?: Record<string, string> }
  /** The user continued an OAuth link: send them to the provider, with the cookie that binds the attempt to this browser. */
  | { kind: 'redirect'; url: string; browserCookie?: BrowserCookie }
  /** The project's verifier did not confirm the connection: it is FAILED with `message`. */
  | { kind: 'refused'; page: LinkPage; message: string }
  | { kind: 'done'; page: LinkPage; connectionId: string };

/** The cookie binding an OAuth attempt to the browser that continued its link (link-trust.ts). */
export interface BrowserCookie {
  name: string;
  value: string;
  /** The OAuth callback's path: the only place the browser sends it back. */
  path: string;
  maxAgeSeconds: number;
}

type Live = { kind: 'live'; record: LinkRecord; version: number; connection: IConnection; page: LinkPage };

export function createConnectLinkService(deps: {
  vault: VaultService;
  catalog: Catalog;
  connections: Pick<ConnectionService, 'initiate' | 'connect' | 'get' | 'bindBrowser'>;
  authConfigs: Pick<AuthConfigService, 'get'>;
  projects: Pick<Projects, 'find'>;
  /** A connection by id alone: a used link's record is gone, its signed token still names the connection. */
  findConnection: (connectionId: string) => Promise<Pick<IConnection, 'status' | 'toolkitSlug'> | null>;
  config: { sessionSecret: string; publicBaseUrl: string };
  now?: () => number;
}) {
  const { vault, catalog, connections, authConfigs, projects } = deps;
  const now = deps.now ?? Date.now;
  const signer = createLinkTokenSigner(deps.config.sessionSecret);
  const ref = (connectionId: string): SecretRef => ({ ownerType: 'connection', ownerId: connectionId, name: LINK_SECRET });

  /** Deletes the record only if it is still the version read: true for exactly one caller. */
  async function claim(connectionId: string, version: number): Promise<boolean> {
    return vault.destroyIfVersion(ref(connectionId), version);
  }

  async function pageOf(connection: IConnection, record: LinkRecord): Promise<LinkPage | undefined> {
    const project = await projects.find(record.projectId);
    if (!project) return undefined;
    const toolkit = catalog.getToolkit(connection.toolkitSlug);
    return {
      toolkit: { slug: connection.toolkitSlug, name: toolkit?.name ?? connection.toolkitSlug, description: toolkit?.description ?? null },
      projectName: project.name,
      ...(record.callbackUrl ? { callbackUrl: record.callbackUrl } : {}),
      expiresAt: new Date(record.expiresAt),
    };
  }

  /** A link used up: says so, and whether its connection is connected (reloading the done page lands here). */
  async function usedLink(connectionId: string): Promise<LinkState & { kind: 'used' }> {
    const connection = await deps.findConnection(connectionId);
    if (connection?.status !== 'ACTIVE') return { kind: 'used' };
    return { kind: 'used', connected: { toolkitName: catalog.getToolkit(connection.toolkitSlug)?.name ?? connection.toolkitSlug } };
  }

  /** The link's record, connection and page while it is usable, else why not. Reads only. */
  async function lookup(token: string): Promise<Exclude<LinkState, { kind: 'redirect' | 'done' | 'oauth' | 'form' }> | Live> {
    const checked = signer.verify(token, now());
    if (!checked.ok && checked.reason !== 'expired') return { kind: 'invalid' };
    const { connectionId, expiresAt } = checked.payload;
    const stored = await vault.get<LinkRecord>(ref(connectionId));
    if (!stored) return checked.ok ? usedLink(connectionId) : { kind: 'expired' };
    if (stored.value.expiresAt !== expiresAt) return checked.ok ? { kind: 'invalid' } : { kind: 'expired' };
    let connection: IConnection;
    try {
      connection = await connections.get(stored.value.projectId, connectionId);
    } catch (err) {
      if (err instanceof BrokerError && err.code === 'NOT_FOUND') return checked.ok ? { kind: 'used' } : { kind: 'expired' };
      throw err;
    }
    const page = await pageOf(connection, stored.value);
    if (!page) return { kind: 'used' };
    // The signature is genuine and the record matches, so the way back may be offered.
    if (!checked.ok) return { kind: 'expired', page, connectionId };
    const waiting = stored.value.kind === 'oauth' ? 'INITIATED' : 'PENDING';
    if (connection.status !== waiting) return { kind: 'used' };
    if ((await authConfigs.get(stored.value.projectId, connection.authConfigId)).disabled) return { kind: 'unavailable', page };
    return { kind: 'live', record: stored.value, version: stored.version, connection, page };
  }

  function view(live: Live, problems?: FieldProblem[], values?: Record<string, string>): LinkState {
    const { record, connection, page } = live;
    if (record.kind === 'oauth') {
      return record.authorizeUrl ? { kind: 'oauth', page, authorizeOrigin: new URL(record.authorizeUrl).origin } : { kind: 'invalid' };
    }
    const method = catalog.getAuthMethod(connection.toolkitSlug, connection.authMethodId);
    if (!method || method.kind === 'oauth2') return { kind: 'invalid' };
    return { kind: 'form', page, method, ...(problems ? { problems } : {}), ...(values ? { values } : {}) };
  }

  /** Field problems of a refused connect: its `credentials.<field>` errors, else one for the whole form. */
  function problemsOf(err: BrokerError, known: string[]): FieldProblem[] {
    const data = err.data as { errors?: { field?: unknown; message?: unknown }[]; providerStatus?: unknown } | undefined;
    const listed = data?.errors ?? [];
    const provider = typeof data?.providerStatus === 'number';
    const fields = listed.flatMap((e) => {
      const field = typeof e.field === 'string' ? e.field.replace(/^credentials\.?/, '') : undefined;
      if (typeof e.message !== 'string') return [];
      // The credentials as a whole, refused by the provider's verification request.
      if (e.field === 'credentials' && provider) return [{ field: '', message: e.message, provider: true }];
      return field !== undefined && known.includes(field) ? [{ field, message: e.message }] : [];
    });
    // Other refusals (connection fields, a change racing this one) name internal ids: not shown.
    return fields.length > 0 ? fields : [{ field: '', message: 'could not be completed with this link' }];
  }

  async function submitForm(live: Live, fields: Record<string, string>): Promise<LinkState> {
    const state = view(live);
    if (state.kind !== 'form') return state;
    const { record, connection } = live;
    const known = Object.keys(state.method.credentials.properties);
    const values = Object.fromEntries(known.map((k) => [k, typeof fields[k] === 'string' ? fields[k] : '']));
    // Blank optional fields are absent, not empty strings the schema would refuse.
    const credentials = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    const checked = catalog.validateCredentials(connection.toolkitSlug, connection.authMethodId, credentials);
    if (!checked.ok) return view(live, checked.errors, values);
    if (!(await claim(connection.id, live.version))) return { kind: 'used' };
    try {
      await connections.connect(record.projectId, connection.toolkitSlug, {
        entityId: connection.entityId,
        connectionId: connection.id,
        credentials,
        viaConnectLink: true,
      });
    } catch (err) {
      // The project's verifier refused: the connection is FAILED (it says why) and the link used.
      if (err instanceof BrokerError && err.code === 'FORBIDDEN' && (err.data as { verifier?: boolean } | undefined)?.verifier) {
        return { kind: 'refused', page: live.page, message: err.message };
      }
      // Nothing was stored (connect is one transaction): give the link back so the user can retry.
      await vault.put(ref(connection.id), record);
      if (err instanceof BrokerError && err.status === 400) return view(live, problemsOf(err, known), values);
      throw err;
    }
    return { kind: 'done', page: live.page, connectionId: connection.id };
  }

  return {
    /** The origin links point at (PUBLIC_BASE_URL): the page accepts its own form posts from there. */
    publicOrigin: new URL(deps.config.publicBaseUrl).origin,

    /**
     * A link for a new connection of the auth config. A callback URL must be one of the project's
     * allowed redirect URLs when it lists any (400 naming the URL); nothing is created otherwise.
     */
    async create(projectId: string, input: CreateLinkInput): Promise<CreatedLink> {
      if (input.callbackUrl) await assertAllowedRedirect(projects, projectId, input.callbackUrl, 'callbackUrl');
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

    /** The page's GET: what the link is for, or why it cannot be used. Never uses the link. */
    async open(token: string): Promise<LinkState> {
      const found = await lookup(token);
      return found.kind === 'live' ? view(found) : found;
    },

    /**
     * The page's POST, the user's action: an OAuth link is used up and the user sent to the
     * provider; a credential form is checked against the schema (refused: shown again, the link
     * kept) and then completes the PENDING connection, once.
     */
    async submit(token: string, fields: Record<string, string>): Promise<LinkState> {
      const found = await lookup(token);
      if (found.kind !== 'live') return found;
      if (found.record.kind === 'form') return submitForm(found, fields);
      if (!found.record.authorizeUrl || !(await claim(found.connection.id, found.version))) return { kind: 'used' };
      const binding = newBrowserBinding();
      if (!(await connections.bindBrowser(found.record.projectId, found.connection.id, binding.hash))) return { kind: 'used' };
      const browserCookie: BrowserCookie = {
        name: browserCookieName(found.connection.id),
        value: binding.value,
        path: new URL(`${deps.config.publicBaseUrl}/api/v1/connectors/${encodeURIComponent(found.connection.toolkitSlug)}/callback`)
          .pathname,
        maxAgeSeconds: Math.max(1, Math.ceil((found.record.expiresAt - now()) / 1000)),
      };
      return { kind: 'redirect', url: found.record.authorizeUrl, browserCookie };
    },
  };
}
