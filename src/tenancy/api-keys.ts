/**
 * Project API keys. A key is `cb_live_` plus 32 random bytes (base64url); only its sha256 and a
 * short start (for display) are stored, so a database dump cannot be replayed against the API.
 * Creating and revoking are commands (each with its audit entry, in one transaction; a revocation
 * empties the hot cache on every instance once committed). `authenticate` is the request hot path:
 * a cached lookup by hash, no transaction.
 */
import { hash, randomBytes } from 'node:crypto';
import type { IApiKey } from '../db/entities/index.js';
import type { TenancyRepositories } from '../db/repositories/tenancy.js';
import type { HotCache } from '../cache/hot-cache.js';
import { newId } from '../ids.js';
import { badRequest, notFound } from '../errors.js';
import type { Clock } from '../clock.js';
import { scopesOf, storedScopes, type Scope } from './scopes.js';
import type { ApiKeyPrincipal } from './principal.js';
import type { ApiKeyView } from '../console/project-api-schemas.js';
import type { Actor } from './actor.js';
import type { ProjectAccess } from './access.js';
import type { Audited, TenancyTx } from './audited.js';

export type { ApiKeyPrincipal } from './principal.js';

export const API_KEY_PREFIX = 'cb_live_';
const START_LENGTH = API_KEY_PREFIX.length + 4;
/** lastUsedAt is informative: writing it on every request would double the database work. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function hashApiKey(key: string): string {
  // The one-shot hash: on every request, a third of createHash's cost.
  return hash('sha256', key, 'hex');
}

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** What a new key may carry beyond its name (issue 30). */
export interface NewKeyOptions {
  /** Scopes (src/tenancy/scopes.ts); absent = every scope. */
  scopes?: readonly string[] | undefined;
  /** Refused from this instant; must be in the future. */
  expiresAt?: Date | undefined;
}

export interface ApiKeySummary {
  id: string;
  projectId: string;
  organizationId: string;
  name: string;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  scopes: Scope[];
  expiresAt: Date | null;
}

const summarize = (k: IApiKey): ApiKeySummary => ({
  id: k.id,
  projectId: k.projectId,
  organizationId: k.organizationId,
  name: k.name,
  start: k.start,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt ?? null,
  revokedAt: k.revokedAt ?? null,
  scopes: scopesOf(k.scopes),
  expiresAt: k.expiresAt ?? null,
});

export const apiKeyView = (k: ApiKeySummary): ApiKeyView => ({
  id: k.id,
  name: k.name,
  start: k.start,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
  scopes: k.scopes,
  expiresAt: k.expiresAt?.toISOString() ?? null,
});

/** The audit log records the key's name and start, never the key. */
const keyEvent = (action: 'api_key.created' | 'api_key.revoked', k: ApiKeySummary) => ({
  organizationId: k.organizationId,
  projectId: k.projectId,
  action,
  targetType: 'api_key',
  targetId: k.id,
  detail: {
    name: k.name,
    start: k.start,
    ...(action === 'api_key.created' ? { scopes: k.scopes, expiresAt: k.expiresAt?.toISOString() ?? null } : {}),
  },
});

export function createApiKeys(deps: { repos: Pick<TenancyRepositories, 'apiKeys'>; audited: Audited; cache: HotCache; clock: Clock }) {
  const keys = deps.repos.apiKeys;
  const { audited, clock } = deps;
  const cached = deps.cache.map<ApiKeyPrincipal & { lastUsedWrite: number; expiresAt: number }>('apiKeys');

  /** A new key of `projectId`, in `tx`; the plain key is returned here and never again. */
  async function insert(
    tx: TenancyTx,
    projectId: string,
    name: string,
    options: NewKeyOptions = {},
  ): Promise<{ key: string; apiKey: ApiKeySummary }> {
    const scopes = storedScopes(options.scopes, (m) => badRequest(m, { errors: [{ field: 'scopes', message: m }] }));
    if (options.expiresAt && options.expiresAt.getTime() <= clock.now())
      throw badRequest('expiresAt must be in the future', { errors: [{ field: 'expiresAt', message: 'must be in the future' }] });
    const project = await tx.repos.projects.findProject(projectId);
    if (!project) throw notFound(`Project ${projectId} does not exist`);
    const key = generateApiKey();
    const apiKey = summarize(
      await tx.repos.apiKeys.insert({
        id: newId('key'),
        projectId,
        organizationId: project.organizationId,
        name,
        hash: hashApiKey(key),
        start: key.slice(0, START_LENGTH),
        lastUsedAt: null,
        revokedAt: null,
        scopes,
        expiresAt: options.expiresAt ?? null,
      }),
    );
    await tx.audit(keyEvent('api_key.created', apiKey));
    return { key, apiKey };
  }

  /** Revokes by id or full key, optionally within a project; idempotent (see `revoke`). */
  async function revokeWhere(actor: Actor, idOrKey: string, projectId?: string): Promise<ApiKeySummary & { alreadyRevoked: boolean }> {
    const where = idOrKey.startsWith(API_KEY_PREFIX) ? { hash: hashApiKey(idOrKey) } : { id: idOrKey };
    const outcome = await audited.run(actor, async (tx) => {
      const found = await tx.repos.apiKeys.find(where, projectId);
      if (!found) throw notFound('API key not found');
      const at = new Date();
      if (found.revokedAt || !(await tx.repos.apiKeys.revoke(found.id, at))) return { ...summarize(found), alreadyRevoked: true };
      const revoked = { ...summarize({ ...found, revokedAt: at }), alreadyRevoked: false };
      await tx.audit(keyEvent('api_key.revoked', revoked));
      return revoked;
    });
    if (!outcome.alreadyRevoked) await deps.cache.invalidate();
    return outcome;
  }

  return {
    insert,

    /** Creates a key for a project; the plain key is returned here and never again. */
    create: (
      actor: Actor,
      projectId: string,
      name = 'default',
      options: NewKeyOptions = {},
    ): Promise<{ key: string; apiKey: ApiKeySummary }> => audited.run(actor, (tx) => insert(tx, projectId, name, options)),

    /** Resolves a presented key; undefined when unknown, revoked or expired. Served from the hot cache,
     *  which the per-request epoch check empties after any revocation on any instance (or the CLI).
     *  `digest`: hashApiKey(key) when the caller has it already (the rate limiter computed it). */
    async authenticate(key: string, digest?: string): Promise<ApiKeyPrincipal | undefined> {
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return undefined;
      const hash = digest ?? hashApiKey(key);
      const now = Date.now();
      let entry = cached.get(hash);
      if (!entry) {
        const found = await keys.findActiveByHash(hash);
        if (!found) return undefined;
        entry = {
          apiKeyId: found.id,
          projectId: found.projectId,
          organizationId: found.organizationId,
          scopes: found.scopes == null ? null : new Set(scopesOf(found.scopes)),
          lastUsedWrite: now,
          expiresAt: found.expiresAt?.getTime() ?? Infinity,
        };
        cached.set(hash, entry);
        // Judged on every request against the clock, so an expiry needs no cache invalidation.
        if (clock.now() >= entry.expiresAt) return undefined;
        // Already at the database on a miss: record the use now.
        await keys.touchLastUsed(found.id, new Date(now));
      } else if (clock.now() >= entry.expiresAt) {
        return undefined;
      } else if (now - entry.lastUsedWrite > LAST_USED_RESOLUTION_MS) {
        entry.lastUsedWrite = now;
        // Informative only: on the hot path it never delays or fails the request.
        void keys.touchLastUsed(entry.apiKeyId, new Date(now)).catch(() => undefined);
      }
      return { apiKeyId: entry.apiKeyId, projectId: entry.projectId, organizationId: entry.organizationId, scopes: entry.scopes };
    },

    /** Oldest first, revoked ones included; never the key or its hash. */
    async list(projectId: string): Promise<ApiKeySummary[]> {
      return (await keys.listForProject(projectId)).map(summarize);
    },

    /** Revokes by id, or by the full key (the CLI accepts either). Idempotent: `alreadyRevoked` says
     *  the key was revoked before this call (revokedAt is then the first revocation, and no audit
     *  entry is added). */
    revoke: (actor: Actor, idOrKey: string): Promise<ApiKeySummary & { alreadyRevoked: boolean }> => revokeWhere(actor, idOrKey),

    /** The console's revocation: by id only, within the request's project. */
    async revokeInProject(actor: Actor, access: ProjectAccess, apiKeyId: string): Promise<ApiKeyView> {
      const projectId = access.project.id;
      // A URL is no place for a full key.
      if (apiKeyId.startsWith(API_KEY_PREFIX)) throw notFound('API key not found: pass its id, not the key', 'api_key');
      const found = await keys.find({ id: apiKeyId }, projectId);
      if (!found) throw notFound(`API key ${apiKeyId} not found in project ${projectId}`, 'api_key');
      return apiKeyView(await revokeWhere(actor, apiKeyId, projectId));
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
