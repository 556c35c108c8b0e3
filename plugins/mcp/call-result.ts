/**
 * tools/call answers: a provider answer as MCP content (JSON as text plus structuredContent,
 * images as image content), provider and broker refusals as `isError` results a model can read
 * and act on (each invalid field named; a connect link to relay to the user).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ClassifiedError } from '../../src/error-classifier.js';
import type { ConnectOffer } from '../../src/tools/tool-selection.js';

type Content = CallToolResult['content'][number];

/** The execution service's shape of a binary provider body (src/providers/response-body.ts). */
function binaryBody(data: unknown): { mediaType: string; base64: string } | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const keys = Object.keys(data);
  const { mediaType, base64 } = data as Record<string, unknown>;
  return keys.length === 2 && typeof mediaType === 'string' && typeof base64 === 'string' ? { mediaType, base64 } : undefined;
}

/** `+xml` bodies arrive as text, so an SVG image is a string holding an SVG document. */
const isSvgDocument = (s: string) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)?<svg[\s>]/.test(s) && /<\/svg>\s*$/.test(s);

const DATA_URI = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=]+)$/i;

/** Images a JSON answer carries as data URIs in its top-level fields (Bitly's QR image as JSON). */
function dataUriImages(data: Record<string, unknown>): Content[] {
  const out: Content[] = [];
  for (const value of Object.values(data)) {
    const m = typeof value === 'string' && value.length < 8 * 1024 * 1024 ? DATA_URI.exec(value) : null;
    if (m) out.push({ type: 'image', data: m[2]!, mimeType: m[1]!.toLowerCase() });
  }
  return out;
}

const json = (value: unknown) => JSON.stringify(value);
const asObject = (data: unknown): Record<string, unknown> =>
  typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : { data };

/** A 2xx provider answer. */
export function successResult(data: unknown): CallToolResult {
  const binary = binaryBody(data);
  if (binary?.mediaType.startsWith('image/')) return { content: [{ type: 'image', data: binary.base64, mimeType: binary.mediaType }] };
  if (binary?.mediaType.startsWith('audio/')) return { content: [{ type: 'audio', data: binary.base64, mimeType: binary.mediaType }] };
  if (typeof data === 'string' && isSvgDocument(data)) {
    return { content: [{ type: 'image', data: Buffer.from(data, 'utf8').toString('base64'), mimeType: 'image/svg+xml' }] };
  }
  if (typeof data === 'string') return { content: [{ type: 'text', text: data }], structuredContent: { data } };
  if (data === null || data === undefined) return { content: [{ type: 'text', text: 'Done (the provider answered with no content).' }] };
  const structured = asObject(data);
  return { content: [{ type: 'text', text: json(data) }, ...dataUriImages(structured)], structuredContent: structured };
}

/** A provider refusal (non-2xx): its status and body, as the REST answer has them. */
export function providerErrorResult(toolkitName: string, status: number, data: unknown): CallToolResult {
  const body = typeof data === 'string' ? data : json(data ?? null);
  return {
    isError: true,
    content: [{ type: 'text', text: `${toolkitName} answered HTTP ${status}: ${body}` }],
    structuredContent: { status, data: data ?? null },
  };
}

/** A broker refusal (bad arguments, restrictToTools, missing scope, timeout...): its message, then each invalid field. */
export function brokerErrorResult(c: ClassifiedError, message: string): CallToolResult {
  const fields = c.fieldErrors ?? [];
  const text = fields.length > 0 ? `${message}:\n${fields.map((f) => `- ${f.field}: ${f.message}`).join('\n')}` : message;
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: { status: c.status, code: c.code, message, ...(fields.length > 0 ? { errors: fields } : {}) },
  };
}

/** No connection yet: what the user must do, in words a model can relay. */
export function connectResult(offer: ConnectOffer): CallToolResult {
  let text: string;
  switch (offer.kind) {
    case 'link':
      text = `Open ${offer.url} to connect ${offer.toolkitName}, then try again. (The link works once and expires at ${offer.expiresAt.toISOString()}.)`;
      break;
    case 'no_auth_config':
      text =
        `${offer.toolkitName} is not connected for this user, and the project has no auth config for ${offer.toolkitName}, so no connect link can be made. ` +
        `The project's administrator must create one first (POST /api/v1/auth_configs with slug "${offer.toolkitSlug}").`;
      break;
    case 'not_allowed':
      text = `${offer.toolkitName} is not connected for this user, and none of the project's ${offer.toolkitName} auth configs (${offer.authConfigIds.join(', ')}) allows this tool (restrictToTools).`;
      break;
  }
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: {
      connectionRequired: true,
      ...(offer.kind === 'link' ? { connectUrl: offer.url, expiresAt: offer.expiresAt.toISOString() } : { reason: offer.kind }),
    },
  };
}
