/**
 * A project's API keys as the console manages them, through src/projects/api-key-service.ts:
 * created keys are shown once (only the hash and a short start are stored); revocation empties
 * the hot cache on every instance, so the key is refused at once everywhere; a project's
 * connections do not depend on any key and are left as they are (spec 5.5). The audit log records
 * the key's name and start, never the key.
 */
import { API_KEY_PREFIX, type ApiKeySummary, type createApiKeyService } from '../projects/api-key-service.js';
import { BrokerError, notFound } from '../errors.js';
import type { Actor, AuditService } from './audit-service.js';
import type { ProjectScope } from './project-scope.js';
import type { ApiKeyView } from './project-api-schemas.js';

type ApiKeyService = ReturnType<typeof createApiKeyService>;

export const apiKeyView = (k: ApiKeySummary): ApiKeyView => ({
  id: k.id,
  name: k.name,
  start: k.start,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export function createConsoleKeyService(deps: {
  apiKeys: Pick<ApiKeyService, 'create' | 'list' | 'revoke'>;
  scope: ProjectScope;
  audit: Pick<AuditService, 'record'>;
}) {
  const { apiKeys, scope, audit } = deps;
  const event = (organizationId: string, projectId: string, k: ApiKeySummary) => ({
    organizationId,
    projectId,
    targetType: 'api_key',
    targetId: k.id,
    detail: { name: k.name, start: k.start },
  });

  return {
    /** Oldest first, revoked ones included; never the key or its hash. */
    async list(userId: string, organizationId: string, projectId: string): Promise<ApiKeyView[]> {
      await scope.require(userId, organizationId, projectId, 'member');
      return (await apiKeys.list(projectId)).map(apiKeyView);
    },

    /** The plain key is in this answer and nowhere else, ever. */
    async create(actor: Actor, organizationId: string, projectId: string, name: string): Promise<{ key: string; apiKey: ApiKeyView }> {
      await scope.require(actor.userId, organizationId, projectId, 'admin');
      const { key, apiKey } = await apiKeys.create(projectId, name.trim() || 'default');
      await audit.record(actor, { ...event(organizationId, projectId, apiKey), action: 'api_key.created' });
      return { key, apiKey: apiKeyView(apiKey) };
    },

    /** Idempotent: a key revoked before keeps its first revocation time and adds no audit entry. */
    async revoke(actor: Actor, organizationId: string, projectId: string, apiKeyId: string): Promise<ApiKeyView> {
      await scope.require(actor.userId, organizationId, projectId, 'admin');
      const missing = () => notFound(`API key ${apiKeyId} not found in project ${projectId}`, 'api_key');
      // The service also accepts a full key (the CLI); a URL is no place for one.
      if (apiKeyId.startsWith(API_KEY_PREFIX)) throw notFound('API key not found: pass its id, not the key', 'api_key');
      const revoked = await apiKeys.revoke(apiKeyId, projectId).catch((err: unknown) => {
        throw err instanceof BrokerError && err.code === 'NOT_FOUND' ? missing() : err;
      });
      if (!revoked.alreadyRevoked) await audit.record(actor, { ...event(organizationId, projectId, revoked), action: 'api_key.revoked' });
      return apiKeyView(revoked);
    },
  };
}
