/** TypeBox schemas of executeTool (spec 4.7b) and proxy (spec 4.3). */
import { Type } from '@sinclair/typebox';
import { PROXY_METHODS } from './proxy-service.js';

const StringMap = (description: string) => Type.Record(Type.String(), Type.String(), { description });

export const ExecuteBody = Type.Object(
  {
    entityId: Type.Optional(
      Type.String({
        minLength: 1,
        description: "Use this entity's connection for the tool's toolkit (its most recently updated ACTIVE one)",
      }),
    ),
    connectedAccountId: Type.Optional(Type.String({ minLength: 1, description: 'Explicit connection id; wins over entityId' })),
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
    connectionId: Type.String({ minLength: 1 }),
    endpoint: Type.String({
      minLength: 1,
      description: "A path under the toolkit's base URL, or an absolute URL on one of its allowed hosts",
    }),
    method: Type.String({ description: `HTTP method: ${PROXY_METHODS.join(', ')}` }),
    headers: Type.Optional(StringMap('Extra request headers; cannot override the injected credential')),
    query: Type.Optional(StringMap('Query parameters')),
    body: Type.Optional(Type.Unknown({ description: 'JSON body' })),
  },
  { additionalProperties: false },
);

export const ProxyResponse = Type.Object({
  status: Type.Integer(),
  headers: StringMap('Provider response headers, without hop-by-hop and credential headers'),
  data: Type.Optional(Type.Unknown()),
});
