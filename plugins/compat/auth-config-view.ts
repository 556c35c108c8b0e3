/**
 * Auth configs between the wire shapes of compat-v3.1.md section 6 and the native auth config
 * service: request bodies -> CreateAuthConfigInput / UpdateAuthConfigInput, AuthConfigView ->
 * the v3.1 AuthConfig object. The client secret never leaves: `credentials` shows the client id
 * and scopes only.
 */
import type { AuthMethodDef, ToolkitFile } from '../../src/catalog/catalog-schema.js';
import type { AuthConfigView, CreateAuthConfigInput, UpdateAuthConfigInput } from '../../src/connections/auth-config-service.js';
import { credentialFields, toolkitLogo } from './catalog-view.js';
import { CompatError, compatBadRequest, notImplementedHere } from './errors.js';
import { kindOf, schemeOf } from '../../src/compat/mapping.js';

type CredentialValue = string | number | boolean | string[];

export interface CompatAuthConfigInput {
  type?: string;
  name?: string;
  authScheme?: string;
  auth_scheme?: string;
  credentials?: Record<string, CredentialValue>;
  proxy_config?: unknown;
  tool_access_config?: { tools_for_connected_account_creation?: string[]; tools_available_for_execution?: string[] };
  restrict_to_following_tools?: string[];
}

export interface CompatAuthConfigUpdate extends CompatAuthConfigInput {
  scopes?: string | string[];
}

/** Scopes arrive as an array or as one string separated by commas or spaces. */
function scopesOf(raw: unknown): string[] | undefined {
  const list = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(/[,\s]+/) : undefined;
  const clean = list?.map((s) => s.trim()).filter(Boolean);
  return clean && clean.length > 0 ? clean : undefined;
}

function text(raw: CredentialValue | undefined, field: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string')
    throw compatBadRequest(`auth_config.credentials.${field} must be a string`, [`auth_config.credentials.${field} must be a string`]);
  return raw;
}

/** Composio's execution allow-list; an empty list means no restriction. */
function restriction(ac: CompatAuthConfigInput | undefined): string[] | undefined {
  const tools = ac?.restrict_to_following_tools ?? ac?.tool_access_config?.tools_available_for_execution;
  return tools && tools.length > 0 ? tools : undefined;
}

/**
 * Which auth method a v3.1 create means: `use_custom_auth` names a scheme; managed means the
 * toolkit's OAuth method (the platform's app), or its first method for credential-only toolkits.
 */
function methodFor(tk: ToolkitFile, ac: CompatAuthConfigInput | undefined): AuthMethodDef {
  const known = tk.authMethods.map((m) => schemeOf(m.kind)).join(', ') || 'none';
  if (ac?.type === 'use_custom_auth') {
    const scheme = ac.authScheme ?? ac.auth_scheme;
    if (!scheme) throw compatBadRequest('auth_config.authScheme is required with use_custom_auth', ['auth_config.authScheme is required']);
    const kind = kindOf(scheme);
    const method = kind ? tk.authMethods.find((m) => m.kind === kind) : undefined;
    if (!method)
      throw compatBadRequest(`Toolkit ${tk.slug} has no ${scheme} auth scheme (it has: ${known})`, [
        `auth_config.authScheme must be one of: ${known}`,
      ]);
    return method;
  }
  const method = tk.authMethods.find((m) => m.kind === 'oauth2') ?? tk.authMethods[0];
  if (!method) throw compatBadRequest(`Toolkit ${tk.slug} needs no authentication; it has no auth config to create`);
  return method;
}

export function toCreateInput(tk: ToolkitFile, ac: CompatAuthConfigInput | undefined): CreateAuthConfigInput {
  if (ac?.type !== undefined && ac.type !== 'use_custom_auth' && ac.type !== 'use_composio_managed_auth') {
    throw compatBadRequest(`auth_config.type must be use_composio_managed_auth or use_custom_auth (got ${ac.type})`, [
      'auth_config.type is invalid',
    ]);
  }
  if (ac?.proxy_config !== undefined && ac.proxy_config !== null)
    throw notImplementedHere('Auth config proxy_config (an outbound proxy per auth config)');
  const method = methodFor(tk, ac);
  const custom = ac?.type === 'use_custom_auth';
  const creds = ac?.credentials ?? {};
  const scopes = scopesOf(creds.scopes);
  const restrictToTools = restriction(ac);
  if (custom && method.kind === 'oauth2') {
    const missing = ['client_id', 'client_secret'].filter((f) => !creds[f]);
    if (missing.length > 0) {
      throw compatBadRequest(
        `A use_custom_auth OAUTH2 auth config needs credentials.${missing.join(' and credentials.')}`,
        missing.map((f) => `auth_config.credentials.${f} is required`),
      );
    }
  }
  return {
    slug: tk.slug,
    authMethodId: method.id,
    ...(ac?.name ? { name: ac.name } : {}),
    ...(method.kind === 'oauth2' ? { isManaged: !custom } : {}),
    ...(custom && method.kind === 'oauth2'
      ? { clientId: text(creds.client_id, 'client_id'), clientSecret: text(creds.client_secret, 'client_secret') }
      : {}),
    ...(scopes ? { scopes } : {}),
    ...(restrictToTools ? { restrictToTools } : {}),
  };
}

export function toUpdateInput(body: CompatAuthConfigUpdate): UpdateAuthConfigInput {
  if (body.proxy_config !== undefined && body.proxy_config !== null)
    throw notImplementedHere('Auth config proxy_config (an outbound proxy per auth config)');
  const creds = body.credentials ?? {};
  const scopes = scopesOf(body.scopes) ?? scopesOf(creds.scopes);
  const tools = body.restrict_to_following_tools ?? body.tool_access_config?.tools_available_for_execution;
  const clientId = text(creds.client_id, 'client_id');
  const clientSecret = text(creds.client_secret, 'client_secret');
  const out: UpdateAuthConfigInput = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(scopes ? { scopes } : {}),
    ...(tools !== undefined ? { restrictToTools: tools.length > 0 ? tools : null } : {}),
  };
  return out;
}

export function parseEnabledStatus(raw: string): boolean {
  const status = raw.toUpperCase();
  if (status !== 'ENABLED' && status !== 'DISABLED') {
    throw new CompatError(400, `Status must be ENABLED or DISABLED (got ${raw})`, {
      slug: 'BAD_REQUEST',
      errors: ['status must be ENABLED or DISABLED'],
    });
  }
  return status === 'ENABLED';
}

export function authConfigItem(v: AuthConfigView, tk: ToolkitFile | undefined) {
  const method = tk?.authMethods.find((m) => m.id === v.authMethodId);
  const tools = v.restrictToTools ?? [];
  return {
    id: v.id,
    uuid: v.id,
    type: v.isManaged ? 'default' : 'custom',
    name: v.name,
    toolkit: { slug: v.toolkit, logo: toolkitLogo(tk ?? { slug: v.toolkit }), auth_guide_url: null, auth_hint_url: null },
    auth_scheme: schemeOf(v.authMethodKind),
    is_composio_managed: v.isManaged,
    status: (v.disabled ? 'DISABLED' : 'ENABLED') as 'DISABLED' | 'ENABLED',
    no_of_connections: v.connectionsCount,
    credentials: { ...(v.clientId ? { client_id: v.clientId } : {}), ...(v.scopes ? { scopes: v.scopes } : {}) },
    proxy_config: null,
    created_at: v.createdAt,
    last_updated_at: v.updatedAt,
    expected_input_fields: method && method.kind !== 'oauth2' ? credentialFields(method.credentials) : [],
    restrict_to_following_tools: tools,
    tool_access_config: { tools_for_connected_account_creation: [], tools_available_for_execution: tools },
    is_enabled_for_tool_router: false,
  };
}
