/**
 * A TCP proxy for fault drills: put it between the broker and its database, then cut the link
 * (`refuse`: every socket reset, new ones reset on arrival) or partition it (`blackhole`: sockets
 * stay open, nothing is forwarded either way, new ones are accepted and held), and heal it
 * (`forward`): held data and held connections then flow, as after a real partition.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'blackhole';

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
  /** Bytes that arrived during a partition, delivered on heal (in order). */
  heldUp: Buffer[];
  heldDown: Buffer[];
}

export interface TcpProxy {
  port: number;
  mode(): ProxyMode;
  setMode(mode: ProxyMode): void;
  /** Open client connections (for a drill's report). */
  connections(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let current: ProxyMode = 'forward';
  const pairs = new Set<Pair>();

  const reset = (pair: Pair) => {
    pair.client.resetAndDestroy();
    pair.upstream?.resetAndDestroy();
    pairs.delete(pair);
  };

  const send = (to: Socket | undefined, held: Buffer[], chunk: Buffer) => {
    if (current === 'forward' && to) to.write(chunk);
    else held.push(chunk);
  };

  const flush = (pair: Pair) => {
    for (const chunk of pair.heldUp.splice(0)) pair.upstream?.write(chunk);
    for (const chunk of pair.heldDown.splice(0)) pair.client.write(chunk);
  };

  const link = (pair: Pair) => {
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => reset(pair));
    upstream.on('close', () => {
      pair.client.destroy();
      pairs.delete(pair);
    });
    upstream.on('data', (chunk: Buffer) => send(pair.client, pair.heldDown, chunk));
    flush(pair);
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client, upstream: undefined, heldUp: [], heldDown: [] };
    client.on('error', () => reset(pair));
    client.on('data', (chunk: Buffer) => send(pair.upstream, pair.heldUp, chunk));
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (current === 'refuse') return void client.resetAndDestroy();
    pairs.add(pair);
    // During a partition the connection is accepted and held; it reaches the server on heal.
    if (current === 'forward') link(pair);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    mode: () => current,
    setMode(mode) {
      current = mode;
      for (const pair of [...pairs]) {
        if (mode === 'refuse') reset(pair);
        else if (mode === 'forward') {
          if (pair.upstream) flush(pair);
          else link(pair);
        }
      }
    },
    connections: () => pairs.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of [...pairs]) reset(pair);
        server.close(() => resolve());
      }),
  };
}
