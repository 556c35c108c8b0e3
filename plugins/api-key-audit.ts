/**
 * What a project API key changes (auth configs and connections, on the native API and the compat
 * mount) goes to the organization's audit log, as console changes do: the key and its name, the
 * request's address, the action and its target. Details carry names, toolkits, end users and the
 * names of changed fields (changedFields), never values (a body may hold a client secret or a credential).
 */
import type { FastifyRequest } from 'fastify';
import type { ApiKeyActor } from '../src/tenancy/actor.js';
import type { Audited } from '../src/tenancy/audited.js';
import { principal } from './auth.js';

/** The API key a request acts as (an agent session acts as the key that created it). */
export const apiKeyActorOf = (request: FastifyRequest): ApiKeyActor => {
  const { apiKeyId, projectId } = principal(request);
  return { kind: 'apiKey', apiKeyId, projectId, ip: request.ip };
};

export type AuditKeyChange = (
  request: FastifyRequest,
  action: `${'auth_config' | 'connection'}.${string}` | 'connect_link.created',
  targetId: string,
  detail?: Record<string, unknown>,
) => Promise<void>;

/** Records one change made by the request's API key; the target is what the action's prefix names (a link's: its connection). */
export function apiKeyAudit(audited: Pick<Audited, 'record'>): AuditKeyChange {
  return (request, action, targetId, detail = {}) => {
    const { organizationId, projectId } = principal(request);
    const prefix = action.slice(0, action.indexOf('.'));
    const targetType = prefix === 'connect_link' ? 'connection' : prefix;
    return audited.record(apiKeyActorOf(request), { organizationId, projectId, action, targetType, targetId, detail });
  };
}
