/**
 * A broker with the HubSpot/Bitly sandboxes, listening on a loopback port so that real HTTP
 * clients (the official SDK, fetch as a browser) can reach it; plus compat-mount helpers.
 * The configured PUBLIC_BASE_URL is not the listening port, so URLs the broker hands out
 * (OAuth callbacks, connect links) are re-pointed at the listening origin like a browser would
 * reach a deployment.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import type { TestContext } from '../../helpers/app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const COMPAT = '/compat/api/v3.1';

/** Fails with the fix when plugins/app.ts does not register the compat mount and the connect page. */
export function assertMounted(app: FastifyInstance): void {
  if (!app.hasPlugin('compat') || !app.hasRoute({ method: 'GET', url: '/connect/:token' })) {
    throw new Error("plugins/app.ts must register plugins/compat/index.ts (prefix '/compat/api/v3.1') and plugins/connect/index.ts");
  }
}

export async function listeningBroker(t: TestContext, options: Parameters<typeof brokerWithSandboxes>[1] = {}) {
  const b = await brokerWithSandboxes(t, options);
  assertMounted(b.app);
  const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });

  /** The same path and query on the listening broker. */
  const onBroker = (url: string) => {
    const u = new URL(url);
    return `${origin}${u.pathname}${u.search}`;
  };

  /** A compat-mount request (path relative to /compat/api/v3.1 unless absolute). */
  async function compat(
    method: Method,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { 'x-api-key': b.key },
  ): Promise<LightMyRequestResponse> {
    return b.app.inject({
      method,
      url: path.startsWith('/compat') ? path : `${COMPAT}${path}`,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  /**
   * The user's browser at the provider: approve (or deny) on the authorize URL, then follow the
   * provider's redirect to the broker's callback over HTTP. Returns the callback response.
   */
  /**
   * The provider's consent, then the callback; `browser`: the broker's answer that started the
   * attempt (a hosted link's continue), whose cookies the browser sends back (links are bound to it).
   */
  async function browserConsent(authorizeUrl: string, decision: 'yes' | 'no' = 'yes', browser?: Response): Promise<Response> {
    const url = new URL(authorizeUrl);
    url.searchParams.set('approve', decision);
    const atProvider = await fetch(url, { redirect: 'manual' });
    const location = atProvider.headers.get('location');
    if (!location) throw new Error(`the provider did not redirect (HTTP ${atProvider.status})`);
    const cookie = (browser?.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    return fetch(onBroker(location), { redirect: 'manual', ...(cookie ? { headers: { cookie } } : {}) });
  }

  return { ...b, origin, onBroker, compat, browserConsent };
}

/** Every console line written while `fn` runs is kept (and not printed) for inspection. */
export function captureConsole(t: TestContext): { lines: string[] } {
  const lines: string[] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const saved = methods.map((m) => [m, console[m]] as const);
  for (const m of methods) {
    console[m] = (...args: unknown[]) => {
      lines.push(`${m}: ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`);
    };
  }
  t.teardown(() => {
    for (const [m, fn] of saved) console[m] = fn;
  });
  return { lines };
}

/**
 * Refuses any fetch that would leave loopback (telemetry, version checks, the default
 * backend.composio.dev) and records it, so a test can assert no request escaped.
 */
export function loopbackOnlyFetch(t: TestContext): { escaped: string[] } {
  const escaped: string[] = [];
  const real = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const host = new URL(href).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
      escaped.push(href);
      throw new Error(`blocked non-loopback request to ${href}`);
    }
    return real(input, init);
  }) as typeof fetch;
  t.teardown(() => {
    globalThis.fetch = real;
  });
  return { escaped };
}
