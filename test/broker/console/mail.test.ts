/** Optional SMTP (issue 30): reset and invitation links are emailed, read from a real loopback SMTP server. */
import t from 'tap';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, createTestDatabase, type TestContext } from '../../helpers/app.js';
import { cli, cliEnv } from '../../helpers/cli.js';
import { CONSOLE, signIn, signUp } from '../../helpers/console.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A loopback SMTP server that keeps every message it receives. */
async function smtpServer(t: TestContext) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received };
}

/** The message body with quoted-printable soft line breaks undone. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

t.test('with SMTP_URL, reset-password and invitations email their links', async (t) => {
  const smtp = await smtpServer(t);
  const db = await createTestDatabase(t);
  const env = { SMTP_URL: smtp.url, SMTP_FROM: 'Broker <broker@example.com>', PUBLIC_BASE_URL: 'https://broker.example.com' };
  const { app } = await buildTestApp(t, { db, env });
  const ada = await signUp(app, 'ada@example.com');

  const printed = await cli({ ...cliEnv(db), ...env }, ['reset-password', '--email', 'ada@example.com']);
  t.equal(printed.code, 0, printed.err);
  t.match(printed.out, /Emailed to ada@example\.com/);
  const link = printed.out.match(/https:\/\/broker\.example\.com\/console\/#\/reset-password\/\S+/)?.[0];
  t.ok(link, 'the link is still printed');
  t.equal(smtp.received.length, 1);
  t.same(smtp.received[0]!.to, ['ada@example.com']);
  t.equal(smtp.received[0]!.from, 'broker@example.com');
  t.ok(bodyOf(smtp.received[0]!.raw).includes(link!), 'the email carries the same link');
  const token = link!.split('/reset-password/')[1]!;
  const reset = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/reset-password`,
    payload: { token, password: 'a brand new passphrase' },
  });
  t.equal(reset.statusCode, 204, 'the emailed link works');

  // Ada (the first account) owns the first organization; her reset signed her out.
  const admin = await signIn(app, 'ada@example.com', 'a brand new passphrase');
  const orgId = ((await admin.get('/orgs')).json().items as { id: string }[])[0]!.id;
  const invited = await admin.post(`/orgs/${orgId}/invitations`, { email: 'carol@example.com', role: 'member' });
  t.equal(invited.statusCode, 201, invited.body);
  t.equal(smtp.received.length, 2);
  t.same(smtp.received[1]!.to, ['carol@example.com']);
  t.ok(bodyOf(smtp.received[1]!.raw).includes(invited.json().url), 'the invitation email carries the link');
  t.equal((await ada.get('/auth/session')).statusCode, 401, 'the old session was signed out by the reset');
});

t.test('without SMTP the links are only shown', async (t) => {
  const db = await createTestDatabase(t);
  const { app } = await buildTestApp(t, { db });
  await signUp(app, 'ada@example.com');
  const printed = await cli(cliEnv(db), ['reset-password', '--email', 'ada@example.com']);
  t.equal(printed.code, 0, printed.err);
  t.notMatch(printed.out, /Emailed/);
  t.equal(app.services.mailer, undefined);
});
