/**
 * Sign-ups racing for one new email: exactly one account, every other answer 409 (the database's
 * unique index decides, on SQLite and PostgreSQL), and the failed inserts leave no password hash,
 * nor any other value of theirs, in the log.
 */
import t from 'tap';
import { buildTestApp } from '../../helpers/app.js';
import { CONSOLE, TEST_PASSWORD } from '../../helpers/console.js';

t.test('concurrent sign-ups with one new email: one 201, the others 409, no hash logged', async (t) => {
  const { app, logs } = await buildTestApp(t);
  const signUp = (password: string) =>
    app.inject({ method: 'POST', url: `${CONSOLE}/auth/sign-up`, payload: { email: 'race@example.com', password } });
  for (let round = 0; round < 3; round++) {
    const email = `race${round}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `${CONSOLE}/auth/sign-up`,
          // From several addresses: attempts from one address are taken one at a time (the sign-up budget).
          remoteAddress: `10.0.${round}.${i + 1}`,
          payload: { email, password: `${TEST_PASSWORD}-${i}` },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    t.same(statuses, [201, 409, 409, 409, 409, 409], `round ${round}: ${statuses.join(' ')}`);
    for (const r of answers.filter((a) => a.statusCode === 409)) t.match(r.json(), { code: 'CONFLICT', message: /already exists/ });
  }
  t.equal((await signUp(TEST_PASSWORD)).statusCode, 201);
  t.equal((await signUp(TEST_PASSWORD)).statusCode, 409, 'and one after the other');
  const written = logs();
  t.notMatch(written, /scrypt\$/, 'no password hash in the log');
  t.notOk(written.includes(TEST_PASSWORD), 'nor a password');
  t.notMatch(written, /insert into/i, 'nor the failed statement');
});
