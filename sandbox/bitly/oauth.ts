/**
 * Bitly OAuth web flow: authorize (consent page, no scopes) and POST /oauth/access_token, which
 * answers form-encoded `access_token=...&login=...` unless the caller accepts application/json.
 * Tokens never expire and there is no refresh token.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerAuthorizeRoutes } from '../common/authorize.js';
import type { FaultControl } from '../common/faults.js';
import { basicCredentials, formEncode, formFields } from '../common/forms.js';
import type { ClientRegistry, TokenStore } from '../common/token-store.js';
import { bitlyError, sendBitly } from './errors.js';
import type { BitlyState } from './state.js';

export const BITLY_TOKEN_PATH = '/oauth/access_token';

export interface BitlyOAuthDeps {
  clients: ClientRegistry;
  tokens: TokenStore;
  faults: FaultControl;
  state: BitlyState;
}

const oauthFail = (reply: FastifyReply, status: number, message: string, description: string) =>
  sendBitly(reply.header('cache-control', 'no-store'), status, bitlyError(message, description, 'oauth'));

export function registerBitlyOAuth(app: FastifyInstance, deps: BitlyOAuthDeps): void {
  registerAuthorizeRoutes(app, {
    providerName: 'Bitly',
    path: '/oauth/authorize',
    clients: deps.clients,
    tokens: deps.tokens,
    scopesFor: () => [],
  });

  app.post(BITLY_TOKEN_PATH, async (request, reply) => {
    const mode = deps.faults.tokenMode;
    if (mode === 'stall') {
      await deps.faults.stall();
      return oauthFail(reply, 503, 'TEMPORARILY_UNAVAILABLE', 'The service is temporarily unavailable.');
    }
    if (mode === 'fail') return oauthFail(reply, 500, 'INTERNAL_ERROR', 'An internal error occurred.');
    if (mode === 'invalid_grant')
      return oauthFail(reply, 400, 'INVALID_CODE', 'The authorization code is invalid or expired (invalid_grant).');

    const isForm = (request.headers['content-type'] ?? '').includes('x-www-form-urlencoded');
    const fields = isForm ? formFields(request.body) : {};
    const basic = basicCredentials(request.headers.authorization);
    const clientId = fields.client_id ?? basic?.clientId;
    const client = deps.clients.get(clientId);
    if (!client) return oauthFail(reply, 401, 'INVALID_CLIENT_ID', 'The client_id is missing or unknown.');
    if (!deps.clients.secretMatches(client, fields.client_secret ?? basic?.clientSecret)) {
      return oauthFail(reply, 401, 'INVALID_CLIENT_SECRET', 'The client_secret is missing or does not match the client_id.');
    }
    if (fields.grant_type !== undefined && fields.grant_type !== 'authorization_code') {
      const why =
        fields.grant_type === 'refresh_token'
          ? 'Bitly does not issue refresh tokens; access tokens do not expire.'
          : 'grant_type must be authorization_code.';
      return oauthFail(reply, 400, 'INVALID_GRANT_TYPE', why);
    }
    if (!fields.redirect_uri) return oauthFail(reply, 400, 'INVALID_REDIRECT_URI', 'redirect_uri is required.');
    const check = deps.tokens.redeemCode(fields.code, client.clientId, fields.redirect_uri, fields.code_verifier);
    if (!check.ok) {
      if (check.reason === 'redirect_uri')
        return oauthFail(reply, 400, 'INVALID_REDIRECT_URI', 'redirect_uri does not match the authorization request.');
      if (check.reason === 'verifier')
        return oauthFail(reply, 400, 'INVALID_CODE_VERIFIER', 'code_verifier does not match the code_challenge.');
      return oauthFail(reply, 400, 'INVALID_CODE', 'The authorization code is missing, unknown, used or expired.');
    }
    const access = deps.tokens.issueAccess(client.clientId, [], null);
    const login = deps.state.user.login;
    reply.header('cache-control', 'no-store');
    if ((request.headers.accept ?? '').toLowerCase().includes('application/json')) {
      return reply.type('application/json; charset=utf-8').send({ access_token: access.token, login });
    }
    return reply.type('application/x-www-form-urlencoded').send(formEncode({ access_token: access.token, login }));
  });
}
