/**
 * Project API keys. A key is `cb_live_` plus 32 random bytes (base64url); only its sha256 and a
 * short start (for display) are stored, so a database dump cannot be replayed against the API.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { ApiKey, Project, type IApiKey } from '../db/entities/index.js';
import { newId } from '../ids.js';
import { notFound } from '../errors.js';

export const API_KEY_PREFIX = 'cb_live_';
const START_LENGTH = API_KEY_PREFIX.length + 4;
/** lastUsedAt is informative: writing it on every request would double the database work. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
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

export function createApiKeyService(deps: { orm: MikroORM }) {
  const { orm } = deps;

  return {
    /** Creates a key for a project; the plain key is returned here and never again. */
    async create(projectId: string, name = 'default'): Promise<{ key: string; apiKey: ApiKeySummary }> {
      const em = orm.em.fork();
      const project = await em.findOne(Project, { id: projectId });
      if (!project) throw notFound(`Project ${projectId} does not exist`);
      const key = generateApiKey();
      const apiKey = em.create(ApiKey, {
        id: newId('key'),
        projectId,
        organizationId: project.organizationId,
        name,
        hash: hashApiKey(key),
        start: key.slice(0, START_LENGTH),
        lastUsedAt: null,
        revokedAt: null,
      });
      await em.flush();
      return { key, apiKey: summarize(apiKey) };
    },

    /** Resolves a presented key; undefined when unknown or revoked. Always reads the database,
     *  so a revocation made by any instance (or the CLI) takes effect on the next request. */
    async authenticate(key: string): Promise<ApiKeyPrincipal | undefined> {
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return undefined;
      const em = orm.em.fork();
      const found = await em.findOne(ApiKey, { hash: hashApiKey(key), revokedAt: null });
      if (!found) return undefined;
      const now = Date.now();
      if (!found.lastUsedAt || now - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        await em.nativeUpdate(ApiKey, { id: found.id }, { lastUsedAt: new Date(now) });
      }
      return { apiKeyId: found.id, projectId: found.projectId, organizationId: found.organizationId };
    },

    async list(projectId: string): Promise<ApiKeySummary[]> {
      const keys = await orm.em.fork().find(ApiKey, { projectId }, { orderBy: { createdAt: 'asc' } });
      return keys.map(summarize);
    },

    /** Revokes by id, or by the full key (the CLI accepts either). Idempotent. */
    async revoke(idOrKey: string, projectId?: string): Promise<ApiKeySummary> {
      const em = orm.em.fork();
      const where = idOrKey.startsWith(API_KEY_PREFIX) ? { hash: hashApiKey(idOrKey) } : { id: idOrKey };
      const found = await em.findOne(ApiKey, projectId ? { ...where, projectId } : where);
      if (!found) throw notFound('API key not found');
      if (!found.revokedAt) {
        found.revokedAt = new Date();
        await em.flush();
      }
      return summarize(found);
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
