/**
 * The Fastify shell both sandboxes share: body parsers that never answer in Fastify's own shape,
 * request recording, the `/__sandbox/*` control routes, listening and the `Sandbox` object.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { RecordedRequest, Sandbox, SandboxControl, SandboxOAuthClient, SandboxOAuthEndpoints, SandboxOptions } from '../types.js';
import { FaultControl } from './faults.js';
import { CONTROL_PREFIX, RequestRecorder } from './recorder.js';
import { parseFormBody } from './forms.js';

export class BodyParseError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'BodyParseError';
  }
}

export interface CoreSetup {
  opts: SandboxOptions;
  tokenPaths: string[];
  apiPrefix: string;
  rewriteUrl?: (url: string) => string;
}

export interface Core {
  app: FastifyInstance;
  recorder: RequestRecorder;
  faults: FaultControl;
}

export function createCore(setup: CoreSetup): Core {
  const rewrite = setup.rewriteUrl;
  const app = Fastify({
    logger: setup.opts.logger ?? false,
    forceCloseConnections: true,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    ...(rewrite ? { rewriteUrl: (req: { url?: string }) => rewrite(req.url ?? '/') } : {}),
  });
  const recorder = new RequestRecorder(new Set(setup.tokenPaths), setup.apiPrefix, setup.opts.maxRecordedRequests ?? 50_000);
  const faults = new FaultControl();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(new BodyParseError(`Invalid JSON body: ${(err as Error).message}`), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseFormBody(String(body)));
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    done(null, text === '' ? undefined : text);
  });

  app.addHook('onRequest', async (request) => {
    recorder.record(request);
  });
  app.addHook('preValidation', async (request) => {
    recorder.attachBody(request);
  });
  return { app, recorder, faults };
}

export async function listen(app: FastifyInstance, opts: SandboxOptions): Promise<string> {
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sandbox: could not read the listening address');
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${shownHost}:${address.port}`;
}

export interface SandboxParts<C extends SandboxControl> {
  provider: 'hubspot' | 'bitly';
  core: Core;
  url: string;
  apiBaseUrl: string;
  oauth: SandboxOAuthEndpoints;
  clients: SandboxOAuthClient[];
  control: C;
  /** Back to the seeded fixtures (state, tokens). */
  resetState(): void;
  /** Stops the sandbox's own timers (activity, outgoing webhooks). */
  onClose?(): void;
  info(): Record<string, unknown>;
}

export function assembleSandbox<C extends SandboxControl>(parts: SandboxParts<C>): Sandbox<C> {
  const { core } = parts;
  let closed = false;
  return {
    provider: parts.provider,
    url: parts.url,
    apiBaseUrl: parts.apiBaseUrl,
    oauth: parts.oauth,
    clients: parts.clients,
    get requests(): RecordedRequest[] {
      return core.recorder.requests;
    },
    tokenRequests: () => core.recorder.tokenRequests(),
    apiRequests: () => core.recorder.apiRequests(),
    mark: () => core.recorder.mark(),
    sentSince: (mark) => core.recorder.sentSince(mark),
    control: parts.control,
    reset() {
      parts.resetState();
      core.faults.release();
      core.faults.reset();
      core.recorder.clear();
    },
    async close() {
      if (closed) return;
      closed = true;
      parts.onClose?.();
      core.faults.close();
      await core.app.close();
    },
  };
}

/** `/__sandbox/*`: the same knobs over HTTP, for the standalone process. Not recorded. */
export function registerControlRoutes(app: FastifyInstance, target: () => { sandbox: Sandbox; info(): Record<string, unknown> }): void {
  app.get(`${CONTROL_PREFIX}/info`, async () => target().info());
  app.get(`${CONTROL_PREFIX}/requests`, async () => ({ requests: target().sandbox.requests }));
  app.get(`${CONTROL_PREFIX}/token-requests`, async () => ({ requests: target().sandbox.tokenRequests() }));
  app.post(`${CONTROL_PREFIX}/reset`, async () => {
    target().sandbox.reset();
    return { ok: true };
  });
  app.post(`${CONTROL_PREFIX}/control`, async (request, reply) => {
    const body = (request.body ?? {}) as { action?: unknown; args?: unknown };
    const control = target().sandbox.control as unknown as Record<string, unknown>;
    const action = typeof body.action === 'string' ? body.action : '';
    const fn = Object.prototype.hasOwnProperty.call(control, action) ? control[action] : undefined;
    if (typeof fn !== 'function') {
      const known = Object.keys(control).filter((k) => typeof control[k] === 'function');
      return reply.code(400).send({ ok: false, error: `unknown action "${action}"`, actions: known });
    }
    const args = Array.isArray(body.args) ? body.args : body.args === undefined ? [] : [body.args];
    try {
      const result = (fn as (...a: unknown[]) => unknown).apply(control, args);
      return { ok: true, result: result ?? null };
    } catch (err) {
      return reply.code(400).send({ ok: false, error: (err as Error).message });
    }
  });
}
