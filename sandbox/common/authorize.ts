/**
 * The OAuth authorize endpoint both sandboxes share: validates the request, shows a consent page
 * (a plain HTML form posting back here), or approves/denies at once with `approve=yes|no`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ClientRegistry, TokenStore } from './token-store.js';

export interface AuthorizeRouteOptions {
  providerName: string;
  path: string;
  clients: ClientRegistry;
  tokens: TokenStore;
  /** Scopes granted for the request; a string is an error description (redirected as invalid_scope). */
  scopesFor(params: Record<string, string>): string[] | string;
}

const PASSTHROUGH = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'optional_scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1.5rem;margin-right:1rem}</style>
</head><body>${body}</body></html>`;
}

function errorPage(reply: FastifyReply, providerName: string, message: string): FastifyReply {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page(`${providerName} sandbox: authorization error`, `<h1>Authorization error</h1><p>${escapeHtml(message)}</p>`));
}

function stringParams(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (source && typeof source === 'object') {
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
    }
  }
  return out;
}

function redirectWith(reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>): FastifyReply {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) target.searchParams.set(k, v);
  return reply.redirect(target.toString(), 302);
}

export function registerAuthorizeRoutes(app: FastifyInstance, opts: AuthorizeRouteOptions): void {
  const handle = (reply: FastifyReply, params: Record<string, string>, decision: string | undefined) => {
    const client = opts.clients.get(params.client_id);
    if (!client)
      return errorPage(reply, opts.providerName, `Unknown client_id "${params.client_id ?? ''}". No app is registered with this id.`);
    const redirectUri = params.redirect_uri;
    if (!redirectUri) return errorPage(reply, opts.providerName, 'redirect_uri is required.');
    let parsed: URL;
    try {
      parsed = new URL(redirectUri);
    } catch {
      return errorPage(reply, opts.providerName, `redirect_uri "${redirectUri}" is not an absolute URL.`);
    }
    if (parsed.hash) return errorPage(reply, opts.providerName, 'redirect_uri must not contain a fragment.');
    if (!opts.clients.redirectAllowed(client, redirectUri)) {
      return errorPage(reply, opts.providerName, `redirect_uri "${redirectUri}" is not registered for this app.`);
    }
    const state = params.state;
    if (params.response_type !== undefined && params.response_type !== 'code') {
      return redirectWith(reply, redirectUri, {
        error: 'unsupported_response_type',
        error_description: 'response_type must be code',
        state,
      });
    }
    const method = params.code_challenge_method;
    if (method !== undefined && method !== 'S256' && method !== 'plain') {
      return redirectWith(reply, redirectUri, {
        error: 'invalid_request',
        error_description: 'code_challenge_method must be S256 or plain',
        state,
      });
    }
    if (method !== undefined && !params.code_challenge) {
      return redirectWith(reply, redirectUri, {
        error: 'invalid_request',
        error_description: 'code_challenge is required with code_challenge_method',
        state,
      });
    }
    const scopes = opts.scopesFor(params);
    if (typeof scopes === 'string') return redirectWith(reply, redirectUri, { error: 'invalid_scope', error_description: scopes, state });

    if (decision === 'yes') {
      const code = opts.tokens.issueCode({
        clientId: client.clientId,
        redirectUri,
        scopes,
        codeChallenge: params.code_challenge ?? null,
        codeChallengeMethod: params.code_challenge ? ((method as 'S256' | 'plain' | undefined) ?? 'plain') : null,
      });
      return redirectWith(reply, redirectUri, { code: code.code, state });
    }
    if (decision === 'no') {
      return redirectWith(reply, redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied the authorization request.',
        state,
      });
    }

    const hidden = PASSTHROUGH.filter((k) => params[k] !== undefined)
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params[k])}">`)
      .join('\n');
    const appName = client.name ?? client.clientId;
    const scopeList = scopes.length
      ? `<p>It asks for:</p><ul>${scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('')}</ul>`
      : '';
    const html = page(
      `${opts.providerName} sandbox: authorize ${appName}`,
      `<h1>Connect to ${escapeHtml(opts.providerName)} (sandbox)</h1>
<p><strong>${escapeHtml(appName)}</strong> wants to access your ${escapeHtml(opts.providerName)} account.</p>${scopeList}
<form method="post" action="${escapeHtml(opts.path)}">
${hidden}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
    );
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  };

  app.get(opts.path, async (request, reply) => {
    const params = stringParams(request.query);
    return handle(reply, params, params.approve);
  });

  app.post(opts.path, async (request, reply) => {
    const params = { ...stringParams(request.query), ...stringParams(request.body) };
    const decision = params.decision === 'approve' ? 'yes' : params.decision === 'deny' ? 'no' : params.approve;
    return handle(reply, params, decision ?? 'no');
  });
}
