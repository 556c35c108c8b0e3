/**
 * Sign-ins from one address wait for each other (so parallel guesses are counted), and a waiter
 * gives up with a retryable 503 only when the queue stands still (a stalled database), never
 * because it is long: a burst that keeps moving is answered in full.
 */
import t from 'tap';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildTestApp } from '../../helpers/app.js';
import { createSignInLimits } from '../../../plugins/console/sign-in-limits.js';
import { BrokerError } from '../../../src/errors.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const reply = { header: () => reply } as unknown as FastifyReply;
const from = (ip: string) => ({ ip, headers: {}, routeOptions: { url: '/sign-in' } }) as unknown as FastifyRequest;

t.test('a long burst that keeps moving is waited for; a stalled one is given up on', async (t) => {
  const { app } = await buildTestApp(t);
  const limits = createSignInLimits(app, 100);

  // Ten sign-ins of 40 ms each from one address: 400 ms in all, never 100 ms without progress.
  const order: number[] = [];
  const burst = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      limits.attempt(from('10.0.0.1'), reply, `u${i}@example.com`, async () => {
        await sleep(40);
        order.push(i);
        return i;
      }),
    ),
  );
  t.same(
    burst.map((r) => r.status),
    Array(10).fill('fulfilled'),
    'every attempt of a moving queue is answered',
  );
  t.same(order, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'one at a time, in order');

  // One attempt stalls (as a query on a partitioned database does): the next gives up, retryably.
  let stalledEnded = false;
  const stalled = limits.attempt(from('10.0.0.2'), reply, 'a@example.com', () => sleep(400).then(() => ((stalledEnded = true), 'late')));
  const waiting = await limits.attempt(from('10.0.0.2'), reply, 'b@example.com', async () => 'ran').catch((e: unknown) => e);
  t.ok(waiting instanceof BrokerError && waiting.status === 503, 'a 503 while the queue stands still');
  t.notOk(stalledEnded, 'before the stalled attempt ends');
  t.equal(await stalled, 'late');
  t.equal(await limits.attempt(from('10.0.0.2'), reply, 'c@example.com', async () => 'ran'), 'ran', 'and served again after');
});
