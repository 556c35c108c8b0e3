/**
 * Security schemes to toolkit auth methods, and an operation's security requirements to the
 * tool's `scopes`. What the catalog cannot run (OAuth 2.0 flows other than authorization code,
 * OpenID Connect, mutual TLS, HTTP schemes other than basic and bearer) is reported, not guessed.
 */
import type { AuthMethodDef } from '../catalog-schema.js';
import type { ApiDocument, ApiOperation, ApiSecurityScheme } from './openapi-reader.js';
import { trimText } from './text.js';

export interface MappedAuth {
  methods: AuthMethodDef[];
  /** Scheme name -> why it was not mapped. */
  skipped: Record<string, string>;
}

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/;
const methodId = (name: string) => name.toLowerCase().replace(/[^a-z0-9_-]+/g, '_').replace(/^[^a-z0-9]+/, '') || 'auth';

function credential(description: string) {
  return { type: 'string' as const, description };
}

export function mapSecuritySchemes(doc: ApiDocument, defaultScopes: string[]): MappedAuth {
  const methods: AuthMethodDef[] = [];
  const skipped: Record<string, string> = {};
  const ids = new Set<string>();
  for (const [name, scheme] of Object.entries(doc.securitySchemes)) {
    let id = methodId(name);
    for (let i = 2; ids.has(id); i++) id = `${methodId(name)}_${i}`;
    const method = mapScheme(id, name, scheme, defaultScopes);
    if (typeof method === 'string') skipped[name] = method;
    else {
      ids.add(id);
      methods.push(method);
    }
  }
  return { methods, skipped };
}

function mapScheme(id: string, name: string, s: ApiSecurityScheme, defaultScopes: string[]): AuthMethodDef | string {
  const hint = (fallback: string) => trimText(s.description || fallback, 300);
  if (s.type === 'apiKey') {
    if (!/^[A-Za-z0-9-]+$/.test(s.name) && s.in !== 'query') return `API key header or cookie name "${s.name}" is not a plain header token`;
    const inject =
      s.in === 'cookie'
        ? { in: 'header' as const, name: 'Cookie', value: `${s.name}={api_key}` }
        : { in: s.in, name: s.name, value: '{api_key}' };
    return {
      id,
      displayName: `${name} (API key in ${s.in})`,
      kind: 'api_key',
      credentials: { type: 'object', properties: { api_key: credential(hint(`API key sent in the ${s.name} ${s.in}.`)) }, required: ['api_key'], additionalProperties: false },
      inject: [inject],
    };
  }
  if (s.type === 'http' && s.scheme === 'basic') {
    return {
      id,
      displayName: `${name} (HTTP basic)`,
      kind: 'basic',
      credentials: {
        type: 'object',
        properties: { username: credential('User name.'), password: credential(hint('Password.')) },
        required: ['username', 'password'],
        additionalProperties: false,
      },
      inject: [{ in: 'header', name: 'Authorization', value: 'Basic {base64:username:password}' }],
    };
  }
  if (s.type === 'http' && s.scheme === 'bearer') {
    return {
      id,
      displayName: `${name} (bearer token)`,
      kind: 'bearer',
      credentials: { type: 'object', properties: { token: credential(hint('Bearer token.')) }, required: ['token'], additionalProperties: false },
      inject: [{ in: 'header', name: 'Authorization', value: 'Bearer {token}' }],
    };
  }
  if (s.type === 'oauth2') {
    const code = s.authorizationCode;
    if (!code) return `OAuth 2.0 without an authorization-code flow (${s.otherFlows.join(', ') || 'no flows'}); the broker connects users by authorization code only`;
    if (!HTTP_URL.test(code.authorizationUrl) || !HTTP_URL.test(code.tokenUrl)) return 'OAuth 2.0 authorization or token URL is not an absolute http(s) URL';
    return {
      id,
      displayName: `${name} (OAuth 2.0)`,
      kind: 'oauth2',
      oauth2: {
        authorizeUrl: code.authorizationUrl,
        tokenUrl: code.tokenUrl,
        // What most providers accept (RFC 6749 defaults); review against the provider's guide.
        tokenRequestEncoding: 'form',
        clientAuth: 'body',
        defaultScopes: defaultScopes.filter((sc) => sc in code.scopes),
        scopeSeparator: ' ',
        scopeParam: 'scope',
        pkce: false,
        refresh: true,
        revocation: null,
      },
      inject: [{ in: 'header', name: 'Authorization', value: 'Bearer {access_token}' }],
    };
  }
  if (s.type === 'http') return `HTTP "${s.scheme}" authentication is not one of basic or bearer`;
  return `${s.kind} security schemes are not supported`;
}

/** OAuth 2.0 scheme names of the document. */
const oauthSchemes = (doc: ApiDocument) => new Set(Object.entries(doc.securitySchemes).filter(([, s]) => s.type === 'oauth2').map(([n]) => n));

/**
 * The tool's scopes: those its OAuth 2.0 requirement lists (united when several alternatives name
 * OAuth schemes); [] when the operation declares security without OAuth scopes; undefined
 * (unknown) when the document has no OAuth scheme or the operation declares no security.
 */
export function operationScopes(doc: ApiDocument, op: ApiOperation): string[] | undefined {
  const oauth = oauthSchemes(doc);
  if (oauth.size === 0 || !op.security) return undefined;
  const scopes = new Set<string>();
  for (const requirement of op.security) for (const [scheme, list] of Object.entries(requirement)) if (oauth.has(scheme)) for (const s of list) scopes.add(s);
  return [...scopes];
}
