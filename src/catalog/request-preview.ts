/**
 * What `broker tool render` prints: the request a tool call would send, built by the same code as
 * a real execution (validation with defaults, renderRequest, the auth method's inject rules), with
 * every credential replaced by a mask. Lets an author try a tool without a provider or a connection.
 */
import type { Catalog } from './catalog.js';
import type { ConnectionConfig } from './connection-config.js';
import { applyInjection, renderRequest, type RenderedRequest } from './request-template.js';
import { encodeBody } from '../providers/request-body.js';

export const CREDENTIAL_MASK = '****';

export type PreviewResult = { ok: true; request: RenderedRequest; authMethod: string | null } | { ok: false; message: string };

export function previewRequest(
  catalog: Catalog,
  slug: string,
  args: unknown,
  opts: { authMethodId?: string; connectionConfig?: ConnectionConfig | null } = {},
): PreviewResult {
  const entry = catalog.getToolEntry(slug);
  if (!entry) {
    const near = catalog.suggestToolSlugs(slug);
    return { ok: false, message: `Unknown tool ${slug}${near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : ''}` };
  }
  const checked = catalog.validateInput(slug, args);
  if (!checked.ok) return { ok: false, message: `Invalid arguments for ${slug}: ${checked.errors.map((e) => `${e.field || 'arguments'} ${e.message}`).join('; ')}` };
  const { toolkit, tool } = entry;
  const method = opts.authMethodId ? toolkit.authMethods.find((m) => m.id === opts.authMethodId) : toolkit.authMethods[0];
  if (opts.authMethodId && !method) return { ok: false, message: `Toolkit ${toolkit.slug} has no auth method "${opts.authMethodId}" (has: ${toolkit.authMethods.map((m) => m.id).join(', ') || 'none'})` };
  let request: RenderedRequest;
  try {
    request = renderRequest(toolkit, tool, checked.value, opts.connectionConfig ?? null);
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
  if (!method) return { ok: true, request, authMethod: null };
  // Each placeholder of an inject value (a credential field, a base64 pair) is masked as a whole.
  const masked = method.inject.map((rule) => ({ ...rule, value: rule.value.replace(/\{[^{}]+\}/g, CREDENTIAL_MASK) }));
  return { ok: true, request: applyInjection(request, masked, {}), authMethod: method.id };
}

/** The request as HTTP/1.1 text: request line, headers, a blank line and the encoded body. */
export function formatHttpRequest(req: RenderedRequest): string {
  const url = new URL(req.url);
  const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(req.headers)) lines.push(`${name}: ${value}`);
  // The provider clients' own encoder, so the text is what would go on the wire.
  const encoded = encodeBody({ ...req, bodyEncoding: req.bodyEncoding ?? 'json' });
  const body = encoded === undefined ? '' : encoded.body.toString();
  return `${lines.join('\n')}\n\n${body}`;
}
