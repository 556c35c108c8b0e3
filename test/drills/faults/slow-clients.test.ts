/**
 * Slow and greedy clients (issue 12): bodies dribbled a byte at a time are cut by the request
 * timeout, headers dribbled by the headers timeout, and one address cannot hold more sockets than
 * the cap. Small limits here; the defaults are in src/config.ts.
 */
import t from 'tap';
import { connect, type Socket } from 'node:net';
import { buildTestApp } from '../../helpers/app.js';

const REQUEST_TIMEOUT_MS = 1000;
const HEADERS_TIMEOUT_MS = 500;
/**
 * Node acts on these timeouts at its next check (a tenth of the shortest, see
 * plugins/server-limits.ts); generous room on top for a loaded machine. Without the timeouts the
 * sockets stay open for good (the issue saw 150 still open after 100 s).
 */
const SLACK_MS = 5000;

/** Opens a socket, writes `head`, then one byte every `everyMs`; resolves with how long the server kept it open. */
function dribble(port: number, head: string, everyMs: number): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    const timer = setInterval(() => socket.writable && socket.write('x'), everyMs);
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.on('error', () => undefined);
    // Give up well past the bound, so a server without timeouts fails the test instead of hanging it.
    const giveUp = setTimeout(() => socket.destroy(), REQUEST_TIMEOUT_MS + SLACK_MS + 2000);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ ms: Date.now() - started, answer });
    });
  });
}

t.test('dribbled bodies and headers are closed by the server timeouts', async (t) => {
  const { app } = await buildTestApp(t, {
    env: {
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_CONNECTIONS_PER_ADDRESS: '0',
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const body = 'POST /api/v1/toolkits HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
  const clients = 150;
  const results = await Promise.all([
    ...Array.from({ length: clients }, () => dribble(port, body, 200)),
    dribble(port, 'GET /api/v1/toolkits HTTP/1.1\r\nHost: x\r\nX-Slow: ', 100),
  ]);
  const bodies = results.slice(0, clients);
  const slowest = Math.max(...bodies.map((r) => r.ms));
  t.ok(slowest <= REQUEST_TIMEOUT_MS + SLACK_MS, `all ${clients} dribbled bodies closed; the last after ${slowest} ms`);
  // The answer may come early (401: the key is checked before the body is read) or be the 408.
  const statuses = new Set(bodies.map((r) => r.answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 'closed without an answer'));
  t.ok(
    [...statuses].every((s) => s === '401' || s === '408' || s === 'closed without an answer'),
    `answers: ${[...statuses].join(', ')}`,
  );
  const headers = results[clients]!;
  t.ok(headers.ms <= HEADERS_TIMEOUT_MS + SLACK_MS, `dribbled headers closed after ${headers.ms} ms`);
  t.comment(`${clients} clients dribbling 1 byte / 200 ms: all closed within ${slowest} ms (request timeout ${REQUEST_TIMEOUT_MS} ms)`);
});

/** Resolves once the socket is connected, or closed without a byte (refused by the cap). */
function open(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, closed }));
  });
}

t.test('one address may hold at most HTTP_CONNECTIONS_PER_ADDRESS sockets', async (t) => {
  const cap = 5;
  const { app } = await buildTestApp(t, { env: { HTTP_CONNECTIONS_PER_ADDRESS: String(cap) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const held = await Promise.all(Array.from({ length: cap }, () => open(port)));
  // A full request on a held socket works: the cap counts sockets, it does not slow them.
  const first = held[0]!;
  const answer = new Promise<string>((resolve) => first.socket.once('data', (c: Buffer) => resolve(c.toString())));
  first.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  t.match(await answer, /^HTTP\/1\.1 200/, 'a socket within the cap is served');

  const extra = await open(port);
  const refused = await Promise.race([extra.closed.then(() => true), new Promise((r) => setTimeout(() => r(false), 3000))]);
  t.ok(refused, `socket ${cap + 1} is closed by the server`);

  held[1]!.socket.destroy();
  await held[1]!.closed;
  await new Promise((r) => setTimeout(r, 100)); // the server sees the close
  const again = await open(port);
  const reply = new Promise<string>((resolve) => again.socket.once('data', (c: Buffer) => resolve(c.toString())));
  again.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  t.match(await reply, /^HTTP\/1\.1 200/, 'once one closes, a new socket is served');
  for (const h of held) h.socket.destroy();
});
