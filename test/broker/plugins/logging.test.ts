/**
 * LOG_FORMAT: JSON lines by default; `pretty` is a human-readable line per entry for development,
 * with the same redaction.
 */
import t from 'tap';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';
import { redactLine } from '../../../src/logging.js';

const SECRET = 'cb_live_' + 'q'.repeat(43);

t.test('LOG_FORMAT=pretty: readable lines with the message, secrets still redacted', async (t) => {
  const { app, config, logs } = await buildTestApp(t, { env: { LOG_FORMAT: 'pretty' } });
  t.equal(config.logFormat, 'pretty');
  app.log.info({ headers: { authorization: `Bearer ${SECRET}` }, toolkit: 'hubspot' }, 'hello from the pretty log');
  await app.inject({ url: '/api/v1/toolkits?code=oauth-code-secret', headers: { 'x-api-key': SECRET } });
  const lines = logs().trim().split('\n');
  const hello = lines.find((l) => l.includes('hello from the pretty log'));
  t.ok(hello, 'the message is on a line');
  t.throws(() => JSON.parse(hello!), 'the line is not JSON');
  t.match(hello, /^\d\d:\d\d:\d\d\.\d{3} INFO {2}hello from the pretty log {2}.*toolkit=hubspot/);
  t.match(hello, /\[REDACTED\]/);
  t.ok(
    lines.some((l) => / INFO {2}request completed {2}.*req=\{"method":"GET","url":"\/api\/v1\/toolkits\?code=\[REDACTED\]"/.test(l)),
    'request lines too',
  );
  t.notMatch(logs(), SECRET, 'no API key in the pretty log');
  t.notMatch(logs(), 'oauth-code-secret', 'sensitive query values are still redacted');
});

t.test('the default stays one JSON object per line', async (t) => {
  const { app, config, logs } = await buildTestApp(t);
  t.equal(config.logFormat, 'json');
  app.log.info('hello from the json log');
  const line = logs()
    .trim()
    .split('\n')
    .find((l) => l.includes('hello from the json log'));
  t.match(JSON.parse(line!), { msg: 'hello from the json log', level: 30 });
});

t.test("every line of a request carries its id (the request's x-request-id), and only that request's lines", async (t) => {
  const { app, logs } = await buildTestApp(t, { env: { LOG_LEVEL: 'debug' } });
  const res = await app.inject({ url: '/api/v1/toolkits', headers: { 'x-request-id': 'req-log-1' } });
  app.log.info('not a request line');
  const entries = logs()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
  const ofRequest = entries.filter((e) => e.reqId === 'req-log-1');
  t.equal(res.headers['x-request-id'], 'req-log-1');
  t.ok(
    ofRequest.some((e) => e.msg === 'incoming request'),
    'the incoming line (debug)',
  );
  t.ok(
    ofRequest.some((e) => e.msg === 'request completed'),
    'the completed line',
  );
  t.equal(entries.find((e) => e.msg === 'not a request line')?.reqId, undefined, 'the app logger binds no request id');
});

t.test('at info, one line per request, when it completes: method, URL, client, status and time', async (t) => {
  const { app, logs } = await buildTestApp(t);
  const { key } = await createProjectWithKey(app);
  await app.inject({
    url: '/api/v1/toolkits?limit=1',
    headers: { 'x-request-id': 'req-log-2', 'x-api-key': key },
    remoteAddress: '192.0.2.7',
  });
  await app.inject({ url: '/api/v1/no-such-route', headers: { 'x-request-id': 'req-log-3' } });
  const entries = logs()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const ofRequest = entries.filter((e) => e.reqId === 'req-log-2');
  t.equal(ofRequest.length, 1, 'one line');
  t.match(ofRequest[0], {
    level: 30,
    msg: 'request completed',
    req: { method: 'GET', url: '/api/v1/toolkits?limit=1', remoteAddress: '192.0.2.7' },
    res: { statusCode: 200 },
    responseTime: Number,
  });
  t.match(
    entries.filter((e) => e.reqId === 'req-log-3').at(-1),
    { msg: 'request completed', req: { url: '/api/v1/no-such-route' }, res: { statusCode: 404 } },
    'an error answer too',
  );
  t.notOk(
    entries.some((e) => e.msg === 'incoming request'),
    'no line when a request arrives',
  );
});

t.test(
  'a credential under its key is redacted at any depth, in any case, whole objects too; other lines are left as written',
  async (t) => {
    const { app, logs } = await buildTestApp(t);
    app.log.warn(
      {
        headers: { Authorization: `Bearer ${SECRET}`, 'X-Api-Key': SECRET, cookie: `s=${SECRET}`, accept: 'application/json' },
        err: { data: { provider: { body: { access_token: SECRET, items: [{ password: SECRET, id: 7 }] } } } },
        credentials: { client_id: 'id-1', client_secret: SECRET },
        toolkit: 'hubspot',
      },
      'a line with secrets deep inside',
    );
    const line = logs()
      .trim()
      .split('\n')
      .find((l) => l.includes('a line with secrets deep inside'));
    t.notMatch(line, SECRET, 'no secret on the line');
    t.match(JSON.parse(line!), {
      headers: { Authorization: '[REDACTED]', 'X-Api-Key': '[REDACTED]', cookie: '[REDACTED]', accept: 'application/json' },
      err: { data: { provider: { body: { access_token: '[REDACTED]', items: [{ password: '[REDACTED]', id: 7 }] } } } },
      credentials: '[REDACTED]',
      toolkit: 'hubspot',
      level: 40,
    });

    const plain = '{"level":30,"msg":"tokens refreshed","toolkit":"hubspot","tokenCount":2}\n';
    t.equal(redactLine(plain), plain, 'a line without a credential key is the same string');
    t.equal(
      redactLine('not json "token": x\n'),
      '{"msg":"[REDACTED: a log line that could not be checked for secrets]"}\n',
      'an unreadable line is dropped',
    );
  },
);

t.test('a key or token in a URL is redacted from the access log; ids and slugs stay', async (t) => {
  const { app, logs } = await buildTestApp(t);
  const { key } = await createProjectWithKey(app);
  const token = 'Zq3x9VbT2mK8rW1yL5nP0sD7fG4hJ6cX8aB2eQ9uY1o';
  const hex = 'a3f1c9e07b5d2468a3f1c9e07b5d2468a3f1c9e0';
  const id = 'ca_81GvMzqgeJ6Ko8A5QyY4';
  // A hosted connect link as the broker makes them: <connection id>.<expiry>.<token>.
  const linkToken = 'taYA0uMrl31VBvYerrydKPj9NsQLeT0ux-FhmKCDW-0';
  // One that starts as our ids do (a short lower-case prefix and "_"), as one link in a few hundred does.
  const idLikeToken = 'fc_1eVAKZ_iPa6CkunO_IgVuMcPcabwBx6tLwQQqLp8';
  const executionId = 'ex_01a21f78c1210000LuD2kfXmjpOdYnq2jUe-';
  for (const url of [
    `/connect/${id}.mwznq1b7.${linkToken}`,
    `/connect/${id}.mwznq1b7.${idLikeToken}`,
    `/api/v1/console/executions/${executionId}`,
    `/api/v1/connectors/connections/${key}`,
    `/api/v1/connectors/connections/${id}`,
    `/api/v1/toolkits?search=${key}`,
    `/connect/${token}`,
    `/api/v1/events/${hex}`,
    '/api/v1/tools/HUBSPOT_CONTACTS_CREATE_OR_UPDATE_BATCH_2024',
  ])
    await app.inject({ url, headers: { 'x-api-key': key } });
  const written = logs();
  t.notOk(written.includes(key.slice(8)), 'no key typed as an id or in a query');
  t.match(written, '/api/v1/connectors/connections/cb_live_[REDACTED]');
  t.notOk(written.includes(token), 'no token-shaped path segment');
  t.notOk(written.includes(linkToken), "nor a connect link's token");
  t.match(written, `/connect/${id}.mwznq1b7.[REDACTED]`, 'its connection id and expiry stay');
  t.notOk(written.includes(idLikeToken), 'nor a token that starts like an id');
  t.match(written, executionId, 'a long id of ours stays');
  t.notOk(written.includes(hex), 'nor a hex one');
  t.match(written, `/api/v1/connectors/connections/${id}`, 'ids stay readable');
  t.match(written, 'HUBSPOT_CONTACTS_CREATE_OR_UPDATE_BATCH_2024', 'and slugs');
});
