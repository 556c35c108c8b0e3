/**
 * A tool call made with the caller's own credentials (the compat mount's `custom_auth_params`):
 * the caller already holds a token or key and passes it for this one call, as header or query
 * parameters. The broker places them on the rendered request and nothing else: they are not
 * stored, refreshed, recorded or logged, and no connection's stored credential is read. The
 * caller may move the call to another base URL only on a host the toolkit's proxy allow-list
 * accepts, so these calls reach no host a proxy call could not.
 */
import type { ToolkitFile } from '../catalog/catalog-schema.js';
import { applyInjection, toolkitBaseUrl, type RenderedRequest } from '../catalog/request-template.js';
import { badRequest } from '../errors.js';
import { BAD_HEADER_VALUE, HEADER_NAME, isClientOwnedHeader } from '../providers/outbound-headers.js';
import { resolveProxyTarget } from '../providers/proxy-target.js';

export interface CallerAuth {
  /** Placed as given (e.g. `Authorization: Bearer …`); a same-named header or query parameter of
   *  the rendered request is replaced. */
  parameters: { in: 'header' | 'query'; name: string; value: string }[];
  /** Another base URL for this call (a regional host): must pass the toolkit's proxy allow-list. */
  baseUrl?: string;
  /** Fields merged into the request's JSON object body (for the rare API that authenticates there). */
  body?: Record<string, unknown>;
}

const MAX_PARAMETERS = 20;

const refuse = (field: string, message: string) =>
  badRequest(`custom_auth_params: ${field} ${message}`, { errors: [{ field: `custom_auth_params.${field}`, message }] });

function checkParameters(parameters: CallerAuth['parameters']): void {
  if (parameters.length > MAX_PARAMETERS) throw refuse('parameters', `has more than ${MAX_PARAMETERS} entries`);
  parameters.forEach((p, i) => {
    const field = `parameters[${i}]`;
    if (p.name.length === 0 || p.name.length > 200) throw refuse(`${field}.name`, 'must be 1 to 200 characters');
    if (BAD_HEADER_VALUE.test(p.value) || p.value.length > 8192)
      throw refuse(`${field}.value`, 'must be at most 8192 characters, without CR, LF or NUL');
    if (p.in !== 'header') return;
    const name = p.name.toLowerCase();
    if (!HEADER_NAME.test(name)) throw refuse(`${field}.name`, 'is not a valid header name');
    if (isClientOwnedHeader(name)) throw refuse(`${field}.name`, `cannot set the ${name} header`);
  });
}

/** The rendered request moved to the caller's base URL, both checked against the allow-list. */
function rebase(request: RenderedRequest, toolkit: ToolkitFile, baseUrl: string): string {
  const own = toolkitBaseUrl(toolkit);
  const check = (endpoint: string) => resolveProxyTarget({ endpoint, baseUrl: own, allowedHosts: toolkit.allowedHosts });
  if (!/^https?:\/\//i.test(baseUrl)) throw refuse('base_url', 'must be an absolute http(s) URL');
  const base = check(baseUrl);
  if (base.search) throw refuse('base_url', 'must not carry a query string');
  const next = `${base.toString().replace(/\/+$/, '')}${request.url.slice(own.length)}`;
  return check(next).toString();
}

function mergeBody(request: RenderedRequest, fields: Record<string, unknown>): RenderedRequest {
  const body = request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw refuse('body', 'cannot be merged: this tool does not send a JSON object body');
  }
  if (body === undefined && (request.method === 'GET' || request.method === 'DELETE')) {
    throw refuse('body', `cannot be applied: this tool sends a ${request.method} request without a body`);
  }
  const hasType = Object.keys(request.headers).some((h) => h.toLowerCase() === 'content-type');
  return {
    ...request,
    headers: hasType ? request.headers : { ...request.headers, 'content-type': 'application/json' },
    body: { ...(body as Record<string, unknown> | undefined), ...fields },
  };
}

/** The rendered tool request carrying the caller's credentials (400 on an unsafe parameter or host). */
export function applyCallerAuth(request: RenderedRequest, toolkit: ToolkitFile, auth: CallerAuth): RenderedRequest {
  checkParameters(auth.parameters);
  let out = auth.baseUrl ? { ...request, url: rebase(request, toolkit, auth.baseUrl) } : request;
  if (auth.body && Object.keys(auth.body).length > 0) out = mergeBody(out, auth.body);
  // The same placement rules as a stored credential's injection; each value goes in through its own
  // `{vN}` template, so a brace in a caller's value is never read as a placeholder.
  const rules = auth.parameters.map((p, i) => ({ in: p.in, name: p.name, value: `{v${i}}` }));
  const values = Object.fromEntries(auth.parameters.map((p, i) => [`v${i}`, p.value]));
  return applyInjection(out, rules, values);
}
