/**
 * HubSpot OAuth: authorize (consent page), token endpoint (v1 and v3: authorization_code with
 * optional PKCE, refresh_token keeping the same refresh token), token info, revocation, v3
 * introspect/revoke. Tokens: access tokens expire after accessTokenTtlSeconds.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerAuthorizeRoutes } from '../common/authorize.js';
import type { FaultControl } from '../common/faults.js';
import { basicCredentials, formFields } from '../common/forms.js';
import type { AccessTokenRecord, ClientRegistry, RefreshTokenRecord, TokenStore } from '../common/token-store.js';
import type { HubspotFixtures, SandboxOAuthClient } from '../types.js';
import { hsError, oauthError, sendHs, type HubspotOAuthErrorBody } from './errors.js';

export const HUBSPOT_TOKEN_PATHS = ['/oauth/v1/token', '/oauth/v3/token'];
export const ALL_CRM_SCOPES = [
  'oauth',
  ...['contacts', 'companies', 'deals'].flatMap((o) => [`crm.objects.${o}.read`, `crm.objects.${o}.write`]),
];

export interface HubspotOAuthDeps {
  clients: ClientRegistry;
  tokens: TokenStore;
  faults: FaultControl;
  fixtures: HubspotFixtures;
  ttlSeconds(): number;
}

function splitScopes(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter((s) => s.length > 0);
}

function sendOAuthError(reply: FastifyReply, body: HubspotOAuthErrorBody, httpStatus = 400): FastifyReply {
  return reply.code(httpStatus).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

export function tokenResponse(deps: HubspotOAuthDeps, access: AccessTokenRecord, refresh: RefreshTokenRecord) {
  return {
    token_type: 'bearer',
    access_token: access.token,
    refresh_token: refresh.token,
    expires_in: access.expiresAt === null ? deps.ttlSeconds() : Math.round((access.expiresAt - access.issuedAt) / 1000),
    hub_id: deps.fixtures.hubId,
    user_id: deps.fixtures.userId,
    scopes: access.scopes,
    token_use: 'access_token',
  };
}

export function registerHubspotOAuth(app: FastifyInstance, deps: HubspotOAuthDeps): void {
  registerAuthorizeRoutes(app, {
    providerName: 'HubSpot',
    path: '/oauth/authorize',
    clients: deps.clients,
    tokens: deps.tokens,
    scopesFor(params) {
      const scopes = [...new Set([...splitScopes(params.scope), ...splitScopes(params.optional_scope)])];
      return scopes.length > 0 ? scopes : [...ALL_CRM_SCOPES];
    },
  });

  const clientFrom = (request: FastifyRequest, fields: Record<string, string>): SandboxOAuthClient | HubspotOAuthErrorBody => {
    const basic = basicCredentials(request.headers.authorization);
    const clientId = fields.client_id ?? basic?.clientId;
    const secret = fields.client_secret ?? basic?.clientSecret;
    const client = deps.clients.get(clientId);
    if (!client) return oauthError('BAD_CLIENT_ID', 'invalid_client', 'missing or unknown client id');
    if (!deps.clients.secretMatches(client, secret))
      return oauthError('BAD_CLIENT_SECRET', 'invalid_client', 'missing or invalid client secret');
    return client;
  };

  const token = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields =
      typeof request.body === 'object' && request.headers['content-type']?.includes('x-www-form-urlencoded')
        ? formFields(request.body)
        : {};
    const mode = deps.faults.tokenMode;
    if (mode === 'stall') {
      await deps.faults.stall();
      return sendHs(reply, 503, hsError('INTERNAL_ERROR', 'Service unavailable.'));
    }
    if (mode === 'fail') return sendHs(reply, 500, hsError('INTERNAL_ERROR', 'internal error'));
    if (mode === 'invalid_grant') {
      return fields.grant_type === 'refresh_token'
        ? sendOAuthError(reply, oauthError('BAD_REFRESH_TOKEN', 'invalid_grant', 'missing or unknown refresh token'))
        : sendOAuthError(reply, oauthError('BAD_AUTH_CODE', 'invalid_grant', 'missing or unknown auth code'));
    }
    const grant = fields.grant_type;
    if (grant !== 'authorization_code' && grant !== 'refresh_token') {
      const why = grant ? `unsupported grant_type ${grant}` : 'missing grant_type (the body must be application/x-www-form-urlencoded)';
      return sendOAuthError(reply, oauthError('BAD_GRANT_TYPE', 'unsupported_grant_type', why));
    }
    const client = clientFrom(request, fields);
    if (!('clientId' in client)) return sendOAuthError(reply, client);

    if (grant === 'authorization_code') {
      if (!fields.redirect_uri) return sendOAuthError(reply, oauthError('BAD_REDIRECT_URI', 'invalid_request', 'missing redirect_uri'));
      const check = deps.tokens.redeemCode(fields.code, client.clientId, fields.redirect_uri, fields.code_verifier);
      if (!check.ok) {
        const map: Record<string, [string, string]> = {
          unknown: ['BAD_AUTH_CODE', 'missing or unknown auth code'],
          used: ['BAD_AUTH_CODE', 'auth code already used'],
          client: ['BAD_AUTH_CODE', 'auth code was issued to another client'],
          expired: ['EXPIRED_AUTH_CODE', 'auth code is expired'],
          redirect_uri: ['BAD_REDIRECT_URI', 'redirect_uri does not match the one used to get the auth code'],
          verifier: ['BAD_AUTH_CODE', 'code_verifier is missing or does not match the code_challenge'],
        };
        const [status, message] = map[check.reason];
        return sendOAuthError(reply, oauthError(status, 'invalid_grant', message));
      }
      const refresh = deps.tokens.issueRefresh(client.clientId, check.record.scopes);
      const access = deps.tokens.issueAccess(client.clientId, check.record.scopes, deps.ttlSeconds(), refresh);
      return reply.header('cache-control', 'no-store').send(tokenResponse(deps, access, refresh));
    }

    const refresh = deps.tokens.getRefresh(fields.refresh_token);
    if (!refresh || refresh.revoked || refresh.clientId !== client.clientId) {
      return sendOAuthError(reply, oauthError('BAD_REFRESH_TOKEN', 'invalid_grant', 'missing or unknown refresh token'));
    }
    const access = deps.tokens.issueAccess(client.clientId, refresh.scopes, deps.ttlSeconds(), refresh);
    return reply.header('cache-control', 'no-store').send(tokenResponse(deps, access, refresh));
  };
  for (const path of HUBSPOT_TOKEN_PATHS) app.post(path, token);

  const accessInfo = (record: AccessTokenRecord) => ({
    token: record.token,
    user: deps.fixtures.user,
    hub_domain: deps.fixtures.hubDomain,
    scopes: record.scopes,
    hub_id: deps.fixtures.hubId,
    app_id: deps.fixtures.appId,
    expires_in: record.expiresAt === null ? 0 : Math.max(0, Math.round((record.expiresAt - deps.tokens.clock.now()) / 1000)),
    user_id: deps.fixtures.userId,
    token_type: 'access',
    client_id: record.clientId,
    is_private_distribution: false,
  });
  const refreshInfo = (record: RefreshTokenRecord) => ({
    token: record.token,
    user: deps.fixtures.user,
    hub_domain: deps.fixtures.hubDomain,
    scopes: record.scopes,
    hub_id: deps.fixtures.hubId,
    client_id: record.clientId,
    user_id: deps.fixtures.userId,
    token_type: 'refresh',
  });

  app.get('/oauth/v1/access-tokens/:token', async (request, reply) => {
    const { token: value } = request.params as { token: string };
    const check = deps.tokens.check(value);
    if (check.ok) return accessInfo(check.record);
    if (check.reason === 'expired') {
      return sendHs(
        reply,
        401,
        hsError('INVALID_AUTHENTICATION', 'The OAuth token used to make this call expired.', { subCategory: 'EXPIRED_AUTHENTICATION' }),
      );
    }
    return sendHs(reply, 404, hsError('OBJECT_NOT_FOUND', 'access token not found'));
  });
  app.get('/oauth/v1/refresh-tokens/:token', async (request, reply) => {
    const { token: value } = request.params as { token: string };
    const record = deps.tokens.getRefresh(value);
    if (!record || record.revoked) return sendHs(reply, 404, hsError('OBJECT_NOT_FOUND', 'refresh token not found'));
    return refreshInfo(record);
  });
  app.delete('/oauth/v1/refresh-tokens/:token', async (request, reply) => {
    const { token: value } = request.params as { token: string };
    if (!deps.tokens.revokeRefresh(value)) return sendHs(reply, 404, hsError('OBJECT_NOT_FOUND', 'refresh token not found'));
    return reply.code(204).send();
  });

  app.post('/oauth/v3/token/introspect', async (request, reply) => {
    const fields = formFields(request.body);
    const client = clientFrom(request, fields);
    if (!('clientId' in client)) return sendOAuthError(reply, client, 401);
    const value = fields.token ?? '';
    const check = deps.tokens.check(value);
    if (check.ok && check.record.clientId === client.clientId)
      return { active: true, token_use: 'access_token', ...accessInfo(check.record) };
    const refresh = deps.tokens.getRefresh(value);
    if (refresh && !refresh.revoked && refresh.clientId === client.clientId) {
      return { active: true, token_use: 'refresh_token', app_id: deps.fixtures.appId, ...refreshInfo(refresh) };
    }
    return { active: false };
  });
  app.post('/oauth/v3/token/revoke', async (request, reply) => {
    const fields = formFields(request.body);
    const client = clientFrom(request, fields);
    if (!('clientId' in client)) return sendOAuthError(reply, client, 401);
    const value = fields.token ?? '';
    if (!deps.tokens.revokeRefresh(value)) deps.tokens.revokeAccess(value);
    return reply.code(200).send();
  });
}
