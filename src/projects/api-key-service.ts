/**
 * Project API keys. A key is `cb_live_` plus 32 random bytes (base64url); only its sha256 and a
 * short start (for display) are stored, so a database dump cannot be replayed against the API.
 */
import { hash, randomBytes } from 'node:crypto';
import type { IApiKey } from '../db/entities/index.js';
import type { ApiKeyRepository } from '../db/repositories/api-key-repository.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import { newId } from '../ids.js';
import { notFound } from '../errors.js';
import type { HotCache } from '../cache/hot-cache.js';

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

export interface ApiKeyPrincipal {
  apiKeyId: string;
  projectId: string;
  organizationId: string;
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
});

export function createApiKeyService(deps: { keys: ApiKeyRepository; projects: Pick<ProjectRepository, 'findProject'>; cache: HotCache }) {
  const { keys } = deps;
  const cached = deps.cache.map<ApiKeyPrincipal & { lastUsedWrite: number }>('apiKeys');

  return {
    /** Creates a key for a project; the plain key is returned here and never again. */
    async create(projectId: string, name = 'default'): Promise<{ key: string; apiKey: ApiKeySummary }> {
      const project = await deps.projects.findProject(projectId);
      if (!project) throw notFound(`Project ${projectId} does not exist`);
      const key = generateApiKey();
      const apiKey = await keys.insert({
        id: newId('key'),
        projectId,
        organizationId: project.organizationId,
        name,
        hash: hashApiKey(key),
        start: key.slice(0, START_LENGTH),
        lastUsedAt: null,
        revokedAt: null,
      });
      return { key, apiKey: summarize(apiKey) };
    },

    /** Resolves a presented key; undefined when unknown or revoked. Served from the hot cache,
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
        entry = { apiKeyId: found.id, projectId: found.projectId, organizationId: found.organizationId, lastUsedWrite: now };
        cached.set(hash, entry);
        // Already at the database on a miss: record the use now.
        await keys.touchLastUsed(found.id, new Date(now));
      } else if (now - entry.lastUsedWrite > LAST_USED_RESOLUTION_MS) {
        entry.lastUsedWrite = now;
        // Informative only: on the hot path it never delays or fails the request.
        void keys.touchLastUsed(entry.apiKeyId, new Date(now)).catch(() => undefined);
      }
      return { apiKeyId: entry.apiKeyId, projectId: entry.projectId, organizationId: entry.organizationId };
    },

    async list(projectId: string): Promise<ApiKeySummary[]> {
      return (await keys.listForProject(projectId)).map(summarize);
    },

    /** Revokes by id, or by the full key (the CLI accepts either). Idempotent: `alreadyRevoked` says
     *  the key was revoked before this call (revokedAt is then the first revocation). */
    async revoke(idOrKey: string, projectId?: string): Promise<ApiKeySummary & { alreadyRevoked: boolean }> {
      const where = idOrKey.startsWith(API_KEY_PREFIX) ? { hash: hashApiKey(idOrKey) } : { id: idOrKey };
      const found = await keys.find(where, projectId);
      if (!found) throw notFound('API key not found');
      if (!found.revokedAt) {
        const at = new Date();
        if (await keys.revoke(found.id, at)) await deps.cache.invalidate();
        return { ...summarize({ ...found, revokedAt: at }), alreadyRevoked: false };
      }
      return { ...summarize(found), alreadyRevoked: true };
    },
  };
}
