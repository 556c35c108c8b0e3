/**
 * The one error classifier (src/error-classifier.ts) and its three renderers: native JSON, compat
 * JSON, HTML pages. Fastify's own errors are captured from a real (bare) Fastify instance.
 */
import t, { type Test } from 'tap';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { BrokerError, badRequest, notFound } from '../../../src/errors.js';
import { classifyError, type ClassifiedError } from '../../../src/error-classifier.js';
import { renderNativeError } from '../../../plugins/errors.js';
import { renderCompatError, compatErrorBody } from '../../../plugins/compat/error-body.js';
import { notImplementedHere, compatBadRequest, isDeterministic } from '../../../plugins/compat/errors.js';
import { htmlErrorHandler, renderErrorPage } from '../../../plugins/error-page.js';

/** The error a bare Fastify app hands its error handler for one request. */
async function fastifyErrorFor(t: Test, request: { method: 'POST'; payload: string; headers: Record<string, string> }): Promise<unknown> {
  const app = Fastify();
  t.teardown(() => app.close());
  let caught: unknown;
  app.setErrorHandler((error, _req, reply) => {
    caught = error;
    return reply.code(599).send();
  });
  app.post(
    '/x',
    {
      schema: {
        body: Type.Object(
          { name: Type.String(), kind: Type.Union([Type.Literal('a'), Type.Literal('b')]) },
          { additionalProperties: false },
        ),
      },
    },
    async () => ({ ok: true }),
  );
  await app.inject({ url: '/x', ...request });
  t.ok(caught, 'the handler saw an error');
  return caught;
}

const json = { 'content-type': 'application/json' };

t.test('BrokerError: status, code, message and data as thrown; field errors from data', async (t) => {
  const c = classifyError(
    badRequest('Invalid arguments for X: name is required', { errors: [{ field: 'arguments.name', message: 'is required' }] }),
  );
  t.same(c, {
    status: 400,
    code: 'BAD_REQUEST',
    defined: true,
    message: 'Invalid arguments for X: name is required',
    data: { errors: [{ field: 'arguments.name', message: 'is required' }] },
    fieldErrors: [{ field: 'arguments.name', message: 'is required' }],
    retryable: false,
    internal: false,
  });
  t.match(classifyError(notFound('Connection ca_1 not found', 'connection')), {
    status: 404,
    code: 'NOT_FOUND',
    resource: 'connection',
    internal: false,
  });
  t.notOk('resource' in notFound('Tool X not found'), 'no resource property unless given');
  t.match(classifyError(new BrokerError('CONFLICT', 'busy')), { status: 409, code: 'CONFLICT', defined: false, retryable: false });
  t.match(classifyError(new BrokerError('BAD_GATEWAY', 'Provider unreachable')), {
    status: 502,
    message: 'Provider unreachable',
    retryable: true,
    internal: false,
  });
  t.match(classifyError(new BrokerError('TIMEOUT')), { status: 408, message: 'Upstream timed out', retryable: true });
});

t.test('Fastify validation error: 400 BAD_REQUEST with field errors named as the caller wrote them', async (t) => {
  const error = await fastifyErrorFor(t, { method: 'POST', headers: json, payload: JSON.stringify({ kind: 'c', extra: 1 }) });
  const c = classifyError(error);
  t.equal(c.status, 400);
  t.equal(c.code, 'BAD_REQUEST');
  t.equal(c.defined, true);
  t.equal(c.internal, false);
  t.ok(c.fieldErrors && c.fieldErrors.length > 0);
  t.ok(
    c.fieldErrors!.some((f) => f.field.startsWith('body.')),
    JSON.stringify(c.fieldErrors),
  );
  t.match(c.message, /^Invalid request: body\./);
  t.same(c.data, { errors: c.fieldErrors });
});

t.test('Fastify 4xx errors keep their status and message', async (t) => {
  const badJson = classifyError(await fastifyErrorFor(t, { method: 'POST', headers: json, payload: '{"name":' }));
  t.match(badJson, { status: 400, code: 'BAD_REQUEST', defined: true, internal: false, retryable: false });
  t.ok(badJson.message.length > 0);
  const media = classifyError(
    await fastifyErrorFor(t, { method: 'POST', headers: { 'content-type': 'application/x-nope' }, payload: 'x' }),
  );
  t.match(media, { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', defined: false, internal: false });
  const limited = classifyError(Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 }));
  t.match(limited, { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded', retryable: true });
  t.match(classifyError(Object.assign(new Error(''), { statusCode: 403 })), { status: 403, code: 'FORBIDDEN', message: 'Not permitted' });
});

t.test('unexpected errors (and 5xx from below) are internal: 500 with a generic message', async (t) => {
  for (const error of [
    new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2'),
    Object.assign(new Error('db down'), { statusCode: 503 }),
    'a string',
    null,
    undefined,
  ]) {
    const c = classifyError(error);
    t.same(c, { status: 500, code: 'INTERNAL_SERVER_ERROR', defined: true, message: 'Internal error', retryable: true, internal: true });
    t.match(renderNativeError(c, 'req-9').message, /req-9/);
    t.notMatch(JSON.stringify(renderCompatError(c, 'req-9')), /hunter2|ECONNREFUSED|db down/);
  }
});

t.test('native and compat renderers agree on status for the same classification', async (t) => {
  const samples: ClassifiedError[] = [
    classifyError(badRequest('bad', { errors: [{ field: 'a', message: 'is required' }] })),
    classifyError(notFound('Connection ca_1 not found', 'connection')),
    classifyError(notFound('Auth config ac_1 not found', 'auth_config')),
    classifyError(new BrokerError('UNAUTHORIZED')),
    classifyError(new BrokerError('SERVICE_UNAVAILABLE', 'later')),
    classifyError(notImplementedHere('Triggers')),
    classifyError(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 })),
    classifyError(new Error('boom')),
  ];
  for (const c of samples) {
    const native = renderNativeError(c, 'r1');
    const compat = renderCompatError(c, 'r1');
    t.equal(native.status, c.status, c.code);
    t.equal(compat.error.status, c.status, c.code);
    t.equal(native.message, compat.error.message, `${c.code}: same message`);
    t.equal(isDeterministic(compat.error.status), !c.retryable, `${c.code}: retry signal follows the classification`);
  }
});

t.test('compat renderer: 1803 for a missing connection, compat extras, string field errors', async (t) => {
  const request = { id: 'r2' } as Parameters<typeof compatErrorBody>[1];
  t.same(compatErrorBody(notFound('Connection ca_1 not found', 'connection'), request), {
    error: { message: 'Connection ca_1 not found', code: 1803, status: 404, slug: 'CONNECTED_ACCOUNT_NOT_FOUND', request_id: 'r2' },
  });
  t.same(compatErrorBody(notFound('Auth config ac_1 not found', 'auth_config'), request).error, {
    message: 'Auth config ac_1 not found',
    code: 404,
    status: 404,
    slug: 'NOT_FOUND',
    request_id: 'r2',
  });
  t.match(compatErrorBody(notImplementedHere('Triggers', 'Use webhooks'), request).error, {
    status: 501,
    code: 501,
    slug: 'NOT_IMPLEMENTED',
    suggested_fix: 'Use webhooks',
  });
  t.match(compatErrorBody(compatBadRequest('Pass x', ['x is required']), request).error, {
    status: 400,
    code: 400,
    errors: ['x is required'],
  });
  t.match(compatErrorBody(badRequest('bad', { errors: [{ field: 'a.b', message: 'is required' }] }), request).error, {
    errors: ['a.b is required'],
  });
  t.same(
    renderNativeError(classifyError(notFound('Connection ca_1 not found', 'connection')), 'r2'),
    { defined: true, code: 'NOT_FOUND', status: 404, message: 'Connection ca_1 not found' },
    'native ignores the resource',
  );
  t.match(renderNativeError(classifyError(notImplementedHere('Triggers')), 'r2'), { status: 501, code: 'NOT_IMPLEMENTED', defined: false });
});

t.test('HTML renderer: status to title and message; internal shows only the request id', async (t) => {
  t.same(renderErrorPage(classifyError(new Error('secret internals')), 'r3'), {
    status: 500,
    title: 'Something went wrong',
    message: 'Please try again later (request r3).',
  });
  t.match(renderErrorPage(classifyError(badRequest('x')), 'r3'), { status: 400, title: 'Invalid request' });
  t.match(renderErrorPage(classifyError(notFound('Connection ca_1 not found', 'connection')), 'r3'), { status: 404, title: 'Not found' });
  t.match(renderErrorPage(classifyError(Object.assign(new Error('slow down'), { statusCode: 429 })), 'r3'), {
    status: 429,
    title: 'Too many requests',
  });

  const app = Fastify();
  t.teardown(() => app.close());
  app.setErrorHandler(
    htmlErrorHandler('test page', (title, message) => `<h1>${title}</h1><p>${message}</p>`, { 'cache-control': 'no-store' }),
  );
  app.get('/boom', async () => {
    throw new Error('secret internals');
  });
  const res = await app.inject({ url: '/boom' });
  t.equal(res.statusCode, 500);
  t.match(res.headers['content-type'], /text\/html/);
  t.equal(res.headers['cache-control'], 'no-store');
  t.match(res.body, /Something went wrong/);
  t.notMatch(res.body, /secret/);
});

t.test('what an error body repeats of the input is bounded (issue 12)', async (t) => {
  const huge = 'x'.repeat(100_000);
  const errors = Array.from({ length: 1000 }, (_, i) => ({ field: `body.${huge}.${i}`, message: huge }));
  const c = classifyError(badRequest(`Unknown tools: ${huge}`, { errors, echo: { nested: [huge, huge] } }));
  t.ok(c.message.length <= 1100, `message bounded (${c.message.length})`);
  t.equal(c.fieldErrors?.length, 20, 'at most 20 field errors');
  const native = JSON.stringify(renderNativeError(c, 'req-1'));
  const compat = JSON.stringify(renderCompatError(c, 'req-1', { errors: Array.from({ length: 500 }, () => huge) }));
  t.ok(native.length < 16_384, `native body ${native.length} bytes`);
  t.ok(compat.length < 16_384, `compat body ${compat.length} bytes`);
  // Fastify's own messages quote input too (the media type of a 415).
  const fst = classifyError(Object.assign(new Error(`Unsupported Media Type: ${huge}`), { statusCode: 415 }));
  t.equal(fst.status, 415);
  t.ok(fst.message.length <= 1100, 'a framework message is bounded');
});
