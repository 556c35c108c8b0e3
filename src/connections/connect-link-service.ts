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
 *
 * A reconnect link (`connectionId`) targets an existing EXPIRED, FAILED or REVOKED connection of
 * the same end user and auth config, so its id (trigger instances, alias, references) carries on.
 * Creating one changes nothing on the connection; the user's action does: an OAuth "continue"
 * re-authorizes it in place (oauth-authorization.ts, bound to this browser like a new link), a
 * credential form replaces its credentials (verified, then written with ACTIVE in one transaction).
 */
import type { Catalog } from '../catalog/catalog.js';
import type { DirectAuthMethodDef } from '../catalog/catalog-schema.js';
import { renderOAuth2 } from '../catalog/connection-config.js';
import type { AuthConfigService } from './auth-config-service.js';
import type { ConnectionService } from './connection-service.js';
import { STATE_TTL_MS, oauthCallbackUrl } from './oauth-state.js';
import type { ConnectionStatus, IConnection } from '../db/entities/index.js';
import type { Projects } from '../tenancy/projects.js';
import { BrokerError, badRequest } from '../errors.js';
import type { SecretName, SecretRef, VaultService } from '../vault/vault-service.js';
import { createLinkTokenSigner } from './link-token.js';
import { assertAllowedRedirect } from './redirect-allowlist.js';
import { browserCookieName, newBrowserBinding } from './link-trust.js';

/** Credential forms stay open this long; OAuth links live as long as the OAuth state inside them. */
export const FORM_LINK_TTL_MS = 15 * 60 * 1000;
export const OAUTH_LINK_TTL_MS = STATE_TTL_MS;

// Vault secret names are a closed union owned by the vault; this one belongs to connect links.
const LINK_SECRET: SecretName = 'connect_link';

/**
 * The statuses a reconnect link accepts: the connection does not work and nothing else is under
 * way. ACTIVE needs nothing; INITIATED and PENDING wait for their own attempt (or its expiry).
 */
const RECONNECTABLE: readonly ConnectionStatus[] = ['EXPIRED', 'FAILED', 'REVOKED'];

interface LinkRecord {
  kind: 'oauth' | 'form';
  projectId: string;
  expiresAt: number;
  authorizeUrl?: string;
  callbackUrl?: string;
  /** A reconnect link: the connection exists; the user's action re-authorizes it or replaces its credentials. */
  reconnect?: true;
  /** A reconnect link's provider origin (its authorize URL is made only when the user continues). */
  authorizeOrigin?: string;
}

export interface CreateLinkInput {
  authConfigId: string;
  entityId: string;
  callbackUrl?: string;
  alias?: string;
  connectionData?: Record<string, string>;
  /** Reconnect this connection (of `entityId` and `authConfigId`; EXPIRED, FAILED or REVOKED) instead of making one. */
  connectionId?: string;
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
  /** The link brings back an existing connection (the page says "reconnect"). */
  reconnect?: boolean;
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
  /** The project's verifier did not confirm the connection: a new one is FAILED with `message`, a reconnected one as it was. */
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
  connections: Pick<ConnectionService, 'initiate' | 'connect' | 'get' | 'bindBrowser' | 'reauthorize' | 'replaceCredentials'>;
  authConfigs: Pick<AuthConfigService, 'get' | 'oauthClient'>;
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
      ...(record.reconnect ? { reconnect: true } : {}),
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
    if (stored.value.reconnect) {
      // Brought back meanwhile (a refresh, another link) or busy with another attempt: nothing to do here.
      if (!RECONNECTABLE.includes(connection.status)) return usedLink(connectionId);
    } else if (connection.status !== (stored.value.kind === 'oauth' ? 'INITIATED' : 'PENDING')) return { kind: 'used' };
    if ((await authConfigs.get(stored.value.projectId, connection.authConfigId)).disabled) return { kind: 'unavailable', page };
    return { kind: 'live', record: stored.value, version: stored.version, connection, page };
  }

  function view(live: Live, problems?: FieldProblem[], values?: Record<string, string>): LinkState {
    const { record, connection, page } = live;
    if (record.kind === 'oauth') {
      const origin = record.authorizeUrl ? new URL(record.authorizeUrl).origin : record.authorizeOrigin;
      return origin ? { kind: 'oauth', page, authorizeOrigin: origin } : { kind: 'invalid' };
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
      if (record.reconnect) {
        await connections.replaceCredentials(record.projectId, connection.id, credentials, 'credentials', {
          viaConnectLink: true,
          from: RECONNECTABLE,
        });
      } else {
        await connections.connect(record.projectId, connection.toolkitSlug, {
          entityId: connection.entityId,
          connectionId: connection.id,
          credentials,
          viaConnectLink: true,
        });
      }
    } catch (err) {
      // The project's verifier refused: a new connection is FAILED (it says why), a reconnected one as it was; the link used.
      if (err instanceof BrokerError && err.code === 'FORBIDDEN' && (err.data as { verifier?: boolean } | undefined)?.verifier) {
        return { kind: 'refused', page: live.page, message: err.message };
      }
      // Nothing was stored (connect and replace are one transaction each): give the link back so the user can retry.
      await vault.put(ref(connection.id), record);
      if (err instanceof BrokerError && err.status === 400) return view(live, problemsOf(err, known), values);
      throw err;
    }
    return { kind: 'done', page: live.page, connectionId: connection.id };
  }

  /** The cookie that binds an OAuth attempt to this browser, living `ttlMs` (link-trust.ts). */
  function cookieFor(connection: IConnection, value: string, ttlMs: number): BrowserCookie {
    return {
      name: browserCookieName(connection.id),
      value,
      path: new URL(oauthCallbackUrl(deps.config.publicBaseUrl, connection.toolkitSlug)).pathname,
      maxAgeSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
    };
  }

  /**
   * "Continue" on an OAuth reconnect link: the link is used up, the connection re-authorized in
   * place with this browser's binding in the same write, and the user sent to the provider.
   */
  async function continueReconnect(live: Live): Promise<LinkState> {
    const { record, connection } = live;
    if (!(await claim(connection.id, live.version))) return { kind: 'used' };
    const binding = newBrowserBinding();
    let started: { redirectUrl: string };
    try {
      started = await connections.reauthorize(record.projectId, connection.id, {
        // The link's callback, or the callback's own page: not where an earlier attempt went.
        redirectUrl: record.callbackUrl ?? null,
        browserHash: binding.hash,
        from: RECONNECTABLE,
      });
    } catch (err) {
      // Nothing changed (reauthorize writes in one conditional update): the link stays usable.
      await vault.put(ref(connection.id), record);
      throw err;
    }
    // The attempt's state lives OAUTH_LINK_TTL_MS from now, and so does the cookie.
    return { kind: 'redirect', url: started.redirectUrl, browserCookie: cookieFor(connection, binding.value, OAUTH_LINK_TTL_MS) };
  }

  /** A reconnect link's checks: the project's connection of this end user and auth config, in a status worth reconnecting. */
  async function reconnectTarget(projectId: string, input: CreateLinkInput & { connectionId: string }) {
    const field = (message: string) => ({ errors: [{ field: 'connectionId', message }] });
    // Another project's connection is 403, an unknown one 404 (connections.get's ownership rule).
    const connection = await connections.get(projectId, input.connectionId);
    const config = await authConfigs.get(projectId, input.authConfigId);
    if (connection.authConfigId !== config.id) {
      throw badRequest(
        `Connection ${connection.id} uses auth config ${connection.authConfigId}, not ${config.id}; a reconnect link keeps the connection's own`,
        field('uses another auth config'),
      );
    }
    if (connection.entityId !== input.entityId) {
      throw badRequest(
        `Connection ${connection.id} belongs to end user ${connection.entityId}, not ${input.entityId}; a reconnect link is for its own end user`,
        field('belongs to another end user'),
      );
    }
    if (!RECONNECTABLE.includes(connection.status)) {
      const why =
        connection.status === 'ACTIVE'
          ? 'it works, so there is nothing to reconnect'
          : 'an attempt is under way (its own link or API call completes it, or it becomes FAILED when its time runs out)';
      throw badRequest(
        `Connection ${connection.id} is ${connection.status}; only ${RECONNECTABLE.join(', ')} connections are reconnected: ${why}`,
        field(`is ${connection.status}`),
      );
    }
    if (config.disabled) throw badRequest(`Auth config ${config.id} is disabled; enable it to reconnect ${connection.id}`);
    if (connection.authMethodKind !== 'oauth2') return { connection, authorizeOrigin: undefined };
    // Checked now, not when the user clicks: the method still exists and the OAuth client is there.
    const method = catalog.requireOAuthMethod('connection', connection);
    await authConfigs.oauthClient(config);
    return { connection, authorizeOrigin: new URL(renderOAuth2(method.oauth2, connection.connectionConfig).authorizeUrl).origin };
  }

  function signed(connectionId: string, expiresAt: number): CreatedLink {
    const token = signer.sign({ connectionId, expiresAt });
    return { token, url: `${deps.config.publicBaseUrl}/connect/${token}`, expiresAt: new Date(expiresAt), connectionId };
  }

  return {
    /** The origin links point at (PUBLIC_BASE_URL): the page accepts its own form posts from there. */
    publicOrigin: new URL(deps.config.publicBaseUrl).origin,

    /**
     * A link for a new connection of the auth config, or (`connectionId`) to reconnect an existing
     * one in place (reconnectTarget's checks; nothing changes until the user acts). A callback URL must be one of the project's
     * allowed redirect URLs when it lists any (400 naming the URL); nothing is created otherwise.
     */
    async create(projectId: string, input: CreateLinkInput): Promise<CreatedLink> {
      if (input.callbackUrl) await assertAllowedRedirect(projects, projectId, input.callbackUrl, 'callbackUrl');
      if (input.connectionId) {
        const { connection, authorizeOrigin } = await reconnectTarget(projectId, { ...input, connectionId: input.connectionId });
        const oauth = connection.authMethodKind === 'oauth2';
        const expiresAt = now() + (oauth ? OAUTH_LINK_TTL_MS : FORM_LINK_TTL_MS);
        // Replaces any earlier link of the connection: only the newest one works.
        await vault.put(ref(connection.id), {
          kind: oauth ? 'oauth' : 'form',
          projectId,
          expiresAt,
          reconnect: true,
          ...(authorizeOrigin ? { authorizeOrigin } : {}),
          ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}),
        } satisfies LinkRecord);
        return signed(connection.id, expiresAt);
      }
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
      return signed(started.connectionId, expiresAt);
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
      if (found.record.reconnect) return continueReconnect(found);
      if (!found.record.authorizeUrl || !(await claim(found.connection.id, found.version))) return { kind: 'used' };
      const binding = newBrowserBinding();
      if (!(await connections.bindBrowser(found.record.projectId, found.connection.id, binding.hash))) return { kind: 'used' };
      const browserCookie = cookieFor(found.connection, binding.value, found.record.expiresAt - now());
      return { kind: 'redirect', url: found.record.authorizeUrl, browserCookie };
    },
  };
}
