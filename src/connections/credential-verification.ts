/**
 * Submitted credentials checked with the provider before they are stored: an auth method that
 * declares a `verification` request (catalog-schema.ts) has it sent with the credentials injected
 * as a tool call would inject them; a 2xx accepts them, any other answer is a 400 naming the
 * provider's status and short message, so a wrong key is refused at connect instead of showing
 * "Connected" and failing every later call. A provider that cannot be reached fails the connect
 * the way a tool call fails (408 or 500); nothing is stored either way.
 */
import type { DirectAuthMethodDef, ToolkitFile } from '../catalog/catalog-schema.js';
import type { ConnectionConfig } from '../catalog/connection-config.js';
import { applyInjection, renderRequest } from '../catalog/request-template.js';
import { badRequest } from '../errors.js';
import type { ProviderHttpClient } from '../providers/http-client.js';
import { decodeProviderBody } from '../providers/response-body.js';

/** Characters of the provider's message kept in the refusal. */
const MESSAGE_CHARS = 200;

/** The provider's own words from an error body: the usual message fields, else the text itself. */
function providerMessage(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'error', 'detail', 'title', 'description']) {
      const v = o[key];
      if (typeof v === 'string' && v.trim() !== '') return v;
      if (v && typeof v === 'object' && typeof (v as Record<string, unknown>).message === 'string')
        return (v as { message: string }).message;
    }
    return JSON.stringify(data);
  }
  return '';
}

/** One line, bounded, and never a submitted value (a provider may echo the key it refuses). */
function shortMessage(data: unknown, credentials: Readonly<Record<string, string>>): string {
  let text = providerMessage(data).replace(/\s+/g, ' ').trim();
  for (const value of Object.values(credentials)) if (value.length >= 4) text = text.split(value).join('[redacted]');
  return text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}…` : text;
}

export function createCredentialVerifier(http: Pick<ProviderHttpClient, 'request'>) {
  return async function verifyCredentials(
    toolkit: ToolkitFile,
    method: DirectAuthMethodDef,
    credentials: Readonly<Record<string, string>>,
    connectionConfig: ConnectionConfig | null,
    field = 'credentials',
  ): Promise<void> {
    const check = method.verification;
    if (!check) return;
    const rendered = renderRequest(toolkit, check, check.arguments ?? {}, connectionConfig);
    const injected = applyInjection(rendered, method.inject, credentials);
    const res = await http.request({
      method: injected.method,
      url: injected.url,
      headers: injected.headers,
      body: injected.body,
      bodyEncoding: 'json',
    });
    if (res.status >= 200 && res.status < 300) return;
    const said = shortMessage(decodeProviderBody(res).data, credentials);
    const answer = `HTTP ${res.status}${said ? `: ${said}` : ''}`;
    throw badRequest(`${toolkit.name} refused these credentials (${answer}); nothing was stored`, {
      errors: [{ field, message: `refused by ${toolkit.name} (${answer})` }],
      providerStatus: res.status,
    });
  };
}

export type CredentialVerifier = ReturnType<typeof createCredentialVerifier>;
