/** Shared helpers of the sandbox tests (not a test file). */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolMapParam {
  name: string;
  required: boolean;
}

export interface ToolMapEntry {
  slug: string;
  toolkit: 'HUBSPOT' | 'BITLY';
  method: string;
  path: string;
  successStatus: number;
  pathParams: ToolMapParam[];
  queryParams: ToolMapParam[];
  headerParams: ToolMapParam[];
  bodyParams: ToolMapParam[];
  scopes: string[];
}

/** Compact copy of the provider reference's tool-map.json (slug, method, path, params, successStatus; see test/fixtures/provider-reference/README.md). */
export function loadToolMap(): ToolMapEntry[] {
  return JSON.parse(readFileSync(new URL('./fixtures/tool-map.json', import.meta.url), 'utf8')) as ToolMapEntry[];
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  // Test-only: assertions probe arbitrary JSON shapes (like light-my-request's `res.json()`).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/** fetch + JSON body when there is one. */
export async function call(
  url: string,
  init: { method?: string; token?: string | null; body?: unknown; headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let payload: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(init.body);
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body: payload, redirect: 'manual' });
  const text = await res.text();
  let body: unknown = undefined;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body, text };
}

export interface Receiver {
  url: string;
  received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  status: number;
  close(): Promise<void>;
}

/** A loopback HTTP listener recording what it receives (webhook pings). */
export async function startReceiver(status = 200): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const receiver = { received, status } as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(receiver.status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/bitly`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
