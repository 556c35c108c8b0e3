/**
 * Logger options: request ids, and redaction of everything that could carry a secret. Credentials
 * never reach a log line: headers are redacted by path, and URLs lose sensitive query values.
 */
import type { FastifyServerOptions, FastifyRequest } from 'fastify';

const SENSITIVE_QUERY = /([?&](?:code|state|access_token|refresh_token|token|client_secret|api_key|apikey|password|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SENSITIVE_QUERY, '$1[REDACTED]');
}

const SECRET_FIELDS = [
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'clientSecret',
  'client_secret',
  'password',
  'api_key',
  'apiKey',
  'token',
  'credentials',
  'secret',
  'code_verifier',
  'codeVerifier',
  'authorization',
];

export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers["x-api-key"]',
  'headers.authorization',
  'headers.Authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

export function loggerOptions(level: string, destination?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
    ...(destination ? { stream: destination } : {}),
  } as FastifyServerOptions['logger'];
}
