/** A real node:http server on 127.0.0.1 for provider-layer tests (not a test file itself). */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  socket: Socket;
  at: number;
}

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: SeenRequest[];
  /** Distinct sockets that carried requests. */
  sockets: Set<Socket>;
  close(): Promise<void>;
}

export type Handler = (req: SeenRequest, res: http.ServerResponse, index: number) => void;

export async function startLoopbackServer(handler: Handler, host = '127.0.0.1'): Promise<LoopbackServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        socket: req.socket,
        at: Date.now(),
      };
      requests.push(seen);
      sockets.add(req.socket);
      handler(seen, res, requests.length - 1);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${port}`,
    port,
    requests,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
