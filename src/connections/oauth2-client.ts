/**
 * OAuth 2.0 against a toolkit's endpoints, as its catalog file describes them: the authorize URL,
 * the code exchange, refresh and revocation. Token endpoints answer JSON or form-encoded (Bitly,
 * unless asked for JSON); both are parsed. Errors carry the provider's error code, never a token.
 */
import type { OAuth2Config } from '../catalog/catalog-schema.js';
import type { ProviderHttpClient, ProviderResponse } from '../providers/http-client.js';
import { systemClock, type Clock } from '../clock.js';

export interface OAuthTokens {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  /** ms since epoch; absent when the provider's tokens do not expire */
  expires_at?: number;
  obtained_at: number;
}

export type TokenResult =
  | {
      ok: true;
      tokens: OAuthTokens;
      grantedScopes: string[] | undefined;
      /** The provider account the token response names (HubSpot's `hub_id`), for routing provider webhooks. */
      accountHint?: string;
    }
  | { ok: false; status: number; error: string; description?: string; invalidGrant: boolean };

export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
}

export function buildAuthorizeUrl(
  oauth: OAuth2Config,
  p: { clientId: string; redirectUri: string; scopes: string[]; state: string; codeChallenge?: string },
): string {
  const url = new URL(oauth.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', p.redirectUri);
  if (p.scopes.length > 0) url.searchParams.set(oauth.scopeParam, p.scopes.join(oauth.scopeSeparator));
  url.searchParams.set('state', p.state);
  if (p.codeChallenge) {
    url.searchParams.set('code_challenge', p.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

function parseBody(res: ProviderResponse): Record<string, unknown> {
  const text = res.body.toString('utf8');
  if (!text) return {};
  if (/json/i.test(res.contentType ?? '') || /^\s*[{[]/.test(text)) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function grantedScopesOf(body: Record<string, unknown>): string[] | undefined {
  if (Array.isArray(body.scopes)) return body.scopes.filter((s): s is string => typeof s === 'string');
  if (typeof body.scope === 'string') return body.scope.split(/[\s,]+/).filter(Boolean);
  return undefined;
}

function toResult(res: ProviderResponse, clock: Clock, previousRefresh?: string): TokenResult {
  const body = parseBody(res);
  if (res.status >= 200 && res.status < 300 && typeof body.access_token === 'string' && body.access_token) {
    const now = clock.now();
    const expiresIn = Number(body.expires_in);
    const tokens: OAuthTokens = { access_token: body.access_token, obtained_at: now };
    const refresh = typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : previousRefresh;
    if (refresh) tokens.refresh_token = refresh;
    if (typeof body.token_type === 'string') tokens.token_type = body.token_type;
    if (Number.isFinite(expiresIn) && expiresIn > 0) tokens.expires_at = now + expiresIn * 1000;
    const hub = body.hub_id;
    const accountHint = typeof hub === 'number' || (typeof hub === 'string' && /^\d{1,30}$/.test(hub)) ? String(hub) : undefined;
    return { ok: true, tokens, grantedScopes: grantedScopesOf(body), ...(accountHint ? { accountHint } : {}) };
  }
  const code = [body.error, body.status, body.message].find((v): v is string => typeof v === 'string') ?? `HTTP ${res.status}`;
  const description = [body.error_description, body.message].find((v): v is string => typeof v === 'string');
  const invalidGrant =
    res.status >= 400 &&
    res.status < 500 &&
    /invalid_grant|BAD_REFRESH_TOKEN|BAD_AUTH_CODE|INVALID_CODE/i.test(`${body.error ?? ''} ${body.status ?? ''} ${body.message ?? ''}`);
  return {
    ok: false,
    status: res.status,
    error: res.status >= 200 && res.status < 300 ? 'no access_token in the token response' : code.slice(0, 100),
    ...(description ? { description: description.slice(0, 300) } : {}),
    invalidGrant,
  };
}

/**
 * Client authentication as the method configures it, shared by the token and revocation endpoints
 * (RFC 7009 2.1): HTTP Basic with the id and secret form-urlencoded first (RFC 6749 2.3.1), or
 * client_id/client_secret among the body fields.
 */
function authenticateClient(
  oauth: OAuth2Config,
  client: OAuthClientCredentials,
  headers: Record<string, string>,
  body: Record<string, string>,
) {
  if (oauth.clientAuth === 'basic') {
    const basic = `${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  } else {
    body.client_id = client.clientId;
    body.client_secret = client.clientSecret;
  }
}

/** application/x-www-form-urlencoded escaping of one value (space as +), as RFC 6749 2.3.1 requires. */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

function tokenRequest(oauth: OAuth2Config, client: OAuthClientCredentials, fields: Record<string, string>) {
  const headers: Record<string, string> = { accept: oauth.tokenResponseAccept ?? 'application/json' };
  const body: Record<string, string> = { ...fields };
  authenticateClient(oauth, client, headers, body);
  return {
    method: 'POST',
    url: oauth.tokenUrl,
    headers,
    body,
    bodyEncoding: oauth.tokenRequestEncoding === 'json' ? ('json' as const) : ('form' as const),
    retry: false,
  };
}

export async function exchangeCode(
  http: ProviderHttpClient,
  oauth: OAuth2Config,
  client: OAuthClientCredentials,
  p: { code: string; redirectUri: string; codeVerifier?: string },
  clock: Clock = systemClock,
): Promise<TokenResult> {
  const fields: Record<string, string> = { grant_type: 'authorization_code', code: p.code, redirect_uri: p.redirectUri };
  if (p.codeVerifier) fields.code_verifier = p.codeVerifier;
  return toResult(await http.request(tokenRequest(oauth, client, fields)), clock);
}

export async function refreshTokens(
  http: ProviderHttpClient,
  oauth: OAuth2Config,
  client: OAuthClientCredentials,
  refreshToken: string,
  clock: Clock = systemClock,
): Promise<TokenResult> {
  const res = await http.request(tokenRequest(oauth, client, { grant_type: 'refresh_token', refresh_token: refreshToken }));
  return toResult(res, clock, refreshToken);
}

/**
 * Revokes one stored token at the toolkit's revocation endpoint; returns the provider's status.
 * The token is the refresh token when the endpoint revokes those and one is stored, else the access
 * token. `encoding: "path"` puts it in the URL and sends nothing else (HubSpot's DELETE). Body
 * encodings authenticate the client as the token endpoint does; `form` is RFC 7009: `token` plus
 * `token_type_hint`.
 */
export async function revokeAtProvider(
  http: ProviderHttpClient,
  oauth: OAuth2Config,
  client: OAuthClientCredentials,
  tokens: OAuthTokens,
): Promise<number> {
  const rev = oauth.revocation;
  if (!rev) throw new Error('toolkit has no revocation endpoint');
  const hint = rev.revokes.includes('refresh_token') && tokens.refresh_token ? 'refresh_token' : 'access_token';
  const token = hint === 'refresh_token' && tokens.refresh_token ? tokens.refresh_token : tokens.access_token;
  if (rev.encoding === 'path') {
    const url = rev.url.replace('{token}', encodeURIComponent(token));
    const res = await http.request({ method: rev.method, url, headers: {}, retry: false });
    return res.status;
  }
  const headers: Record<string, string> = {};
  const body: Record<string, string> = { [rev.tokenParam]: token };
  if (rev.encoding === 'form') body.token_type_hint = hint;
  authenticateClient(oauth, client, headers, body);
  const res = await http.request({
    method: rev.method,
    url: rev.url,
    headers,
    body,
    bodyEncoding: rev.encoding === 'json' ? 'json' : 'form',
    retry: false,
  });
  return res.status;
}
