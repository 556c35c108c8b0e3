/** TypeBox schemas of executeTool (spec 4.7b) and proxy (spec 4.3). */
import { Type } from '@sinclair/typebox';
import { PROXY_METHODS } from './proxy-service.js';
import { IdString, MAX_MAP_ENTRIES, TEXT_LIMITS } from '../schemas/common.js';

const StringMap = (description: string) => Type.Record(Type.String(), Type.String(), { description });
/** Caller-sent maps (proxy headers and query): bounded; header values are also checked for CR/LF by the proxy. */
const BoundedStringMap = (description: string) =>
  Type.Record(Type.String(), Type.String({ maxLength: TEXT_LIMITS.headerValue }), { description, maxProperties: MAX_MAP_ENTRIES });

export const ExecuteBody = Type.Object(
  {
    entityId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: TEXT_LIMITS.entityId,
        description: "Use this entity's connection for the tool's toolkit (its most recently updated ACTIVE one)",
      }),
    ),
    connectedAccountId: Type.Optional(IdString('Explicit connection id; wins over entityId')),
    arguments: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: "Tool arguments; must match the tool's inputParameters" }),
    ),
  },
  { additionalProperties: false },
);

export const ExecuteResponse = Type.Object({
  status: Type.Integer({ description: "The provider's HTTP status" }),
  successful: Type.Boolean({ description: 'true for a 2xx provider answer; provider errors are 200 with successful=false' }),
  data: Type.Optional(
    Type.Unknown({
      description:
        'Parsed JSON, text, or {mediaType, base64} for binary bodies (e.g. QR images); the provider error body when unsuccessful',
    }),
  ),
});

export const ProxyBody = Type.Object(
  {
    connectionId: IdString(),
    endpoint: Type.String({
      minLength: 1,
      maxLength: TEXT_LIMITS.url,
      description: "A path under the toolkit's base URL, or an absolute URL on one of its allowed hosts",
    }),
    method: Type.String({ maxLength: 10, description: `HTTP method: ${PROXY_METHODS.join(', ')}` }),
    headers: Type.Optional(
      BoundedStringMap('Extra request headers (no CR, LF or control characters in values); cannot override the injected credential'),
    ),
    query: Type.Optional(BoundedStringMap('Query parameters')),
    body: Type.Optional(Type.Unknown({ description: 'JSON body' })),
  },
  { additionalProperties: false },
);

export const ProxyResponse = Type.Object({
  status: Type.Integer(),
  headers: StringMap('Provider response headers, without hop-by-hop and credential headers'),
  data: Type.Optional(Type.Unknown()),
});
