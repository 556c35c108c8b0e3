/** Small TypeBox pieces shared by the native routes; they become OpenAPI components. */
import { Type, type TRefUnsafe, type TSchema, type TString } from '@sinclair/typebox';
import { DECLARED_ERRORS, declaredCodeFor, errorCodeFor } from '../errors.js';

/**
 * Longest accepted value of each kind of string a caller sends, no longer than the column that
 * stores it (src/db/entities): ids are varchar(40), slugs and auth method ids varchar(100), names
 * and aliases varchar(200), entity ids varchar(255), OAuth client ids varchar(500), redirect URLs
 * varchar(2000). Secrets and credential values are encrypted into text columns, bounded here.
 */
export const TEXT_LIMITS = {
  id: 40,
  slug: 100,
  toolSlug: 200,
  name: 200,
  entityId: 255,
  clientId: 500,
  url: 2000,
  scope: 500,
  search: 200,
  connectionField: 253,
  secret: 8192,
  headerValue: 8192,
} as const;

/** Most entries of a caller-sent string map (credentials, connection fields, proxy headers and query). */
export const MAX_MAP_ENTRIES = 100;

/** An id of ours (connection, auth config): at most the id column's length. */
export const IdString = (description?: string): TString =>
  Type.String({ minLength: 1, maxLength: TEXT_LIMITS.id, ...(description ? { description } : {}) });

/** A toolkit or auth method slug. */
export const SlugString = (description?: string): TString =>
  Type.String({ minLength: 1, maxLength: TEXT_LIMITS.slug, ...(description ? { description } : {}) });

export const ErrorBody = Type.Object(
  {
    defined: Type.Boolean({ description: 'true for the contract-declared errors (spec section 7), false for any other' }),
    code: Type.String({ description: 'Error code, e.g. BAD_REQUEST, NOT_FOUND' }),
    status: Type.Integer({ description: 'HTTP status, repeated in the body' }),
    message: Type.String({ description: 'What went wrong, for a person or an agent to act on' }),
    data: Type.Optional(Type.Unknown({ description: 'Details, e.g. the invalid fields' })),
  },
  { $id: 'ErrorBody', title: 'ErrorBody', description: 'The native error body' },
);

type DeclaredStatus = 400 | 401 | 403 | 404 | 408 | 500;

/**
 * Response schemas for the error statuses an operation can return (spec section 4's last column),
 * typed per status so handlers and the test client know each error answer is an ErrorBody.
 */
export function errorResponses<const S extends DeclaredStatus>(...statuses: S[]): { [K in S]: TRefUnsafe<typeof ErrorBody> } {
  const out: Partial<Record<DeclaredStatus, TRefUnsafe<typeof ErrorBody>>> = {};
  for (const status of statuses) {
    const code = declaredCodeFor(status)!;
    out[status] = Type.Ref(ErrorBody, { description: `${code}: ${DECLARED_ERRORS[code].message}` });
  }
  return out as { [K in S]: TRefUnsafe<typeof ErrorBody> };
}

/**
 * What any operation may answer besides its own errors, whatever its route: malformed or hostile
 * input and URLs (400, 414, 431), a refused key (401, 403), a request not received in time (408),
 * the rate limit (429), an unexpected failure (500), the database unreachable or the server
 * closing (503). Operations with a body add BODY_STATUSES (413 too large, 415 not JSON).
 * plugins/spec.ts declares them on every operation.
 */
const TRANSPORT_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: a field, the URL or the body is malformed (data.errors names the fields)',
  401: 'Missing or invalid API key',
  403: 'Not permitted',
  408: 'The request was not received in time (a slow client), or the provider did not answer in time',
  413: 'The body is larger than the server accepts',
  414: 'A path parameter or the URL is too long',
  415: 'The body is not of a supported media type (application/json)',
  429: 'Too many requests; retry after the time in the retry-after header',
  431: 'The request headers are too large',
  500: 'Unexpected failure; the message names a request id to quote',
  503: 'Temporarily unavailable (database unreachable or server shutting down); retry',
};
export const TRANSPORT_STATUSES = [400, 401, 403, 408, 414, 429, 431, 500, 503] as const;
export const BODY_STATUSES = [413, 415] as const;

/** The response schema of a transport status, for plugins/spec.ts. */
export function transportErrorResponse(status: number): TSchema {
  return Type.Ref(ErrorBody, { description: `${errorCodeFor(status)}: ${TRANSPORT_DESCRIPTIONS[status] ?? 'Request refused'}` });
}
