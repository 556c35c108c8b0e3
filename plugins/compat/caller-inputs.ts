/**
 * What a caller brings along on execute and proxy (compat-v3.1.md section 5), as native inputs:
 * `custom_auth_params` -> the caller's credentials for one tool call (src/tools/caller-auth.ts),
 * `binary_body` -> raw bytes for the proxy. Only renaming and decoding here; the rules (allowed
 * hosts, header names) are the domain's.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { CallerAuth } from '../../src/tools/caller-auth.js';
import { compatBadRequest } from './errors.js';

export const CustomAuthParams = Type.Object(
  {
    base_url: Type.Optional(Type.String({ minLength: 1 })),
    parameters: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1 }),
            in: Type.String({ description: 'header or query' }),
            value: Type.Union([Type.String(), Type.Number()]),
          },
          { additionalProperties: true },
        ),
      ),
    ),
    body: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: true },
);

export const BinaryBody = Type.Object(
  {
    base64: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    content_type: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: true },
);

export function callerAuthOf(p: Static<typeof CustomAuthParams>): CallerAuth {
  const parameters = (p.parameters ?? []).map((param, i) => {
    const where = param.in.toLowerCase();
    if (where !== 'header' && where !== 'query') {
      throw compatBadRequest(`custom_auth_params.parameters[${i}].in must be header or query (got ${param.in})`, [
        `custom_auth_params.parameters[${i}].in must be header or query`,
      ]);
    }
    return { in: where as 'header' | 'query', name: param.name, value: String(param.value) };
  });
  return { parameters, ...(p.base_url ? { baseUrl: p.base_url } : {}), ...(p.body ? { body: p.body } : {}) };
}

/** Standard or URL-safe base64, padding optional; whitespace (line breaks) is ignored. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * `{base64, content_type?}` as bytes. The `{url}` form is refused: it would have the broker fetch
 * any address a caller names and forward the bytes (server-side request forgery), and a caller that
 * can reach the URL can read it and send the bytes as base64 instead.
 */
export function binaryBodyOf(b: Static<typeof BinaryBody>): { data: Buffer; contentType?: string } {
  if (b.url !== undefined && b.base64 === undefined) {
    throw compatBadRequest(
      'binary_body.url is not supported by this broker: fetch the content yourself and send it as binary_body.base64',
      ['binary_body.url is not supported; use binary_body.base64'],
    );
  }
  if (b.url !== undefined) throw compatBadRequest('binary_body takes base64 or url, not both', ['binary_body: base64 and url both given']);
  if (b.base64 === undefined)
    throw compatBadRequest('binary_body needs base64 (the bytes, base64-encoded)', ['binary_body.base64 is required']);
  const text = b.base64.replace(/\s+/g, '');
  if (!BASE64.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw compatBadRequest('binary_body.base64 is not valid base64', ['binary_body.base64 is not valid base64']);
  }
  return { data: Buffer.from(text, 'base64'), ...(b.content_type ? { contentType: b.content_type } : {}) };
}
