/** HubSpot's error bodies: the API shape and the OAuth token-endpoint shape. */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { InjectedFailure } from '../common/faults.js';

export interface HubspotErrorDetail {
  message: string;
  in?: string;
  code?: string;
  subCategory?: string;
  context?: Record<string, string[]>;
}

export interface HubspotErrorBody {
  status: 'error';
  message: string;
  correlationId: string;
  category: string;
  subCategory?: string;
  errors?: HubspotErrorDetail[];
  context?: Record<string, string[]>;
  links?: Record<string, string>;
}

export function hsError(
  category: string,
  message: string,
  extra: Partial<Pick<HubspotErrorBody, 'subCategory' | 'errors' | 'context' | 'links'>> = {},
): HubspotErrorBody {
  return { status: 'error', message, correlationId: randomUUID(), category, ...extra };
}

export function sendHs(reply: FastifyReply, httpStatus: number, body: HubspotErrorBody): FastifyReply {
  return reply.code(httpStatus).type('application/json; charset=utf-8').send(body);
}

export function validationError(message: string, errors?: HubspotErrorDetail[]): HubspotErrorBody {
  return hsError('VALIDATION_ERROR', message, errors ? { errors } : {});
}

export function notFound(objectType: string, id: string): HubspotErrorBody {
  return hsError('OBJECT_NOT_FOUND', 'resource not found', { context: { id: [id], objectType: [objectType] } });
}

export function missingScopes(required: string): HubspotErrorBody {
  return hsError(
    'MISSING_SCOPES',
    "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
    {
      errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: [required] } }],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
    },
  );
}

export function authError(reason: 'missing' | 'unknown' | 'revoked' | 'expired', expiredAt?: number, now = Date.now()): HubspotErrorBody {
  if (reason === 'missing') {
    return hsError(
      'INVALID_AUTHENTICATION',
      'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
    );
  }
  if (reason === 'expired') {
    const ago = Math.max(1, Math.round((now - (expiredAt ?? now)) / 1000));
    return hsError('INVALID_AUTHENTICATION', `The OAuth token used to make this call expired ${ago} second(s) ago.`, {
      subCategory: 'EXPIRED_AUTHENTICATION',
      context: { 'expire time': [new Date(expiredAt ?? now).toISOString()] },
    });
  }
  return hsError('INVALID_AUTHENTICATION', 'The OAuth token used to make this call is invalid or has expired.', {
    subCategory: reason === 'revoked' ? 'REVOKED_AUTHENTICATION' : 'INVALID_TOKEN',
  });
}

const CATEGORY_BY_STATUS: Record<number, [string, string]> = {
  400: ['VALIDATION_ERROR', 'Invalid input.'],
  401: ['INVALID_AUTHENTICATION', 'The OAuth token used to make this call is invalid or has expired.'],
  403: ['MISSING_SCOPES', 'This app does not have access to this resource.'],
  404: ['OBJECT_NOT_FOUND', 'resource not found'],
  409: ['CONFLICT', 'Conflict.'],
  423: ['LOCKED', 'The resource is locked.'],
  429: ['RATE_LIMITS', 'You have reached your secondly limit.'],
};

export function defaultErrorFor(status: number): HubspotErrorBody {
  const known = CATEGORY_BY_STATUS[status];
  if (known) return hsError(known[0], known[1]);
  if (status >= 500) return hsError('INTERNAL_ERROR', status === 503 ? 'Service unavailable. Please try again later.' : 'internal error');
  return hsError('VALIDATION_ERROR', `Error ${status}`);
}

export function rateLimitBody(): HubspotErrorBody & { policyName: string } {
  return { ...hsError('RATE_LIMITS', 'You have reached your secondly limit.'), policyName: 'SECONDLY' };
}

export function sendInjected(reply: FastifyReply, failure: InjectedFailure): FastifyReply {
  if (failure.rateLimit) {
    reply
      .header('x-hubspot-ratelimit-max', '100')
      .header('x-hubspot-ratelimit-remaining', '0')
      .header('x-hubspot-ratelimit-interval-milliseconds', '10000');
    if (failure.retryAfterSeconds !== undefined) reply.header('retry-after', String(failure.retryAfterSeconds));
    return reply.code(429).type('application/json; charset=utf-8').send(rateLimitBody());
  }
  const body = failure.body !== undefined ? failure.body : defaultErrorFor(failure.status);
  reply.code(failure.status);
  if (failure.status === 429 && failure.body === undefined) reply.header('x-hubspot-ratelimit-remaining', '0');
  return typeof body === 'string'
    ? reply.type('text/plain; charset=utf-8').send(body)
    : reply.type('application/json; charset=utf-8').send(body);
}

/** Token-endpoint errors: `{status, message, correlationId, error, error_description}`. */
export interface HubspotOAuthErrorBody {
  status: string;
  message: string;
  correlationId: string;
  error: string;
  error_description: string;
}

export function oauthError(status: string, error: string, message: string): HubspotOAuthErrorBody {
  return { status, message, correlationId: randomUUID(), error, error_description: message };
}
