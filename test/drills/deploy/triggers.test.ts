/**
 * Triggers on three instances (issue 29): three broker processes behind nginx on one PostgreSQL
 * database, HUBSPOT_CONTACT_CREATED set up for an end user, polled every second and fed by the
 * HubSpot sandbox's signed app webhooks (through nginx to `receiveProviderWebhook`). Contacts are
 * created through HUBSPOT_CONTACTS_CREATE and directly in the sandbox while one instance is
 * SIGKILLed and restarted, and while all three are stopped and started again. Every contact
 * reaches the webhook receiver at least once, always under one event id, and every delivery
 * verifies. Then the connection expires: the instance is disabled with `trigger.disabled` and a
 * reason; re-connected, it resumes without replaying what happened meanwhile.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { nginxBinary } from '../../../sandbox/support/nginx.js';
import { startWebhookReceiver } from '../../../sandbox/webhook-receiver.js';
import type { Reply } from './cluster.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL_TEST;
/** Generous: polls every second, but three processes restart on a machine that may be busy. */
const ARRIVAL_BOUND_MS = 120_000;
t.setTimeout(420_000);

const body = (r: Reply) => r.body as Record<string, unknown>;

interface Delivered {
  id: string;
  type: string;
  /** trigger.event: instanceId and payload; trigger.disabled: the instance view (its id) and reason. */
  data: { id?: string; instanceId?: string; reason?: string; payload?: { id?: string } };
}

t.test(
  'triggers on three instances behind nginx',
  { skip: !databaseUrl && 'needs TEST_DATABASE_URL: three processes share one PostgreSQL database' },
  async (t) => {
    if (!redisUrl) return t.fail('REDIS_URL_TEST is not set (the drills run with Redis on PostgreSQL: see .ci/run)');
    if (!nginxBinary()) return t.fail('nginx is not installed (.ci/run installs nginx-light)');
    const { eventually, startCluster, startInstance } = await import('./cluster.js');
    const { buildApp } = await import('../../../plugins/app.js');
    const { loadConfig } = await import('../../../src/config.js');
    const { MANAGED_CLIENTS } = await import('../../../sandbox/broker-env.js');

    const receiver = await startWebhookReceiver();
    t.teardown(() => receiver.close());
    const c = await startCluster(
      t,
      databaseUrl!,
      redisUrl,
      {
        TRIGGER_MIN_INTERVAL_SECONDS: '1',
        TRIGGER_POLL_CHECK_MS: '200',
        WEBHOOK_POLL_INTERVAL_MS: '200',
        WEBHOOK_RETRY_SCHEDULE: '0.5,1,1,2,2,5,5',
      },
      // Starting together is three-instances' subject; here it only makes a busy machine slower.
      { oneByOne: true },
    );
    // An observer on the same database that polls and sends nothing: reads the poll state.
    const observer = await buildApp(loadConfig({ ...c.env, LOG_LEVEL: 'warn', WEBHOOK_CONCURRENCY: '0', TRIGGER_POLL_CONCURRENCY: '0' }));
    t.teardown(() => observer.close());
    const pollStatus = (id: string) => observer.services.triggerPoller.status(id);
    const api = (method: string, path: string, payload?: unknown) => c.call(c.nginx.url, method, path, payload);

    // The end user's HubSpot connection, through the managed app, and the project's subscription.
    const config = await api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
    t.equal(config.status, 200, config.text);
    const init = await api('POST', 'connectors/hubspot/initiate', { entityId: 'trigger-user', authConfigId: body(config).authConfigId });
    t.equal(init.status, 200, init.text);
    const connectionId = body(init).connectionId as string;
    t.equal((await c.consent(body(init).redirectUrl as string, c.nginx.url)).status, 200, 'connected');
    const subscription = await api('POST', 'webhook_subscriptions', {
      url: receiver.url('/triggers'),
      eventTypes: ['trigger.event', 'trigger.disabled'],
    });
    t.equal(subscription.status, 200, "receiver subscribed (not the answer's text: it carries the signing secret)");
    const wh = new Webhook(body(subscription).secret as string);

    // The managed app's webhooks go to the ingress through nginx (PUBLIC_BASE_URL), signed with its secret.
    c.hubspot.control.configureAppWebhooks({
      targetUrl: `${c.nginx.url}/api/v1/provider_webhooks/hubspot`,
      clientSecret: MANAGED_CLIENTS.hubspot.clientSecret,
      subscriptions: [{ subscriptionType: 'contact.creation' }],
      batchMs: 100,
      retryBaseMs: 500,
      retryMaxMs: 2000,
    });

    const upsert = await api('POST', 'trigger_instances', {
      triggerSlug: 'HUBSPOT_CONTACT_CREATED',
      connectedAccountId: connectionId,
      config: { interval: 1 / 60 },
    });
    t.equal(upsert.status, 200, upsert.text);
    const instanceId = body(upsert).id as string;
    t.ok(
      await eventually(async () => Boolean((await pollStatus(instanceId))?.lastPolledAt), 30_000),
      'the first poll recorded where the portal stands',
    );

    const delivered = () => receiver.at('/triggers').map((r) => ({ request: r, event: JSON.parse(r.body) as Delivered }));
    const contactEvents = () => delivered().filter((d) => d.event.type === 'trigger.event');

    await t.test('every contact at least once, one event id each, across a SIGKILL, a restart and a full stop', async (t) => {
      const created: string[] = [];
      let n = 0;
      const viaApi = async () => {
        const i = n++;
        const run = await api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
          connectedAccountId: connectionId,
          arguments: { properties: { email: `drill-${i}@example.com`, firstname: `Drill${i}` } },
        });
        t.equal(run.status, 200, `contact ${i} created through the broker: ${run.text.slice(0, 300)}`);
        created.push(String((body(run).data as { id: string }).id));
      };
      const direct = () => {
        const i = n++;
        created.push(c.hubspot.control.createObject('contacts', { email: `drill-${i}@example.com`, firstname: `Drill${i}` }).id);
      };
      const some = async (count: number) => {
        for (let k = 0; k < count; k++) {
          if (k % 2 === 0) await viaApi();
          else direct();
          await sleep(250);
        }
      };

      await some(6);
      const [A, B, C] = c.instances as [(typeof c.instances)[0], (typeof c.instances)[0], (typeof c.instances)[0]];
      B.proc.kill('SIGKILL');
      t.equal(await B.exited, null, 'B killed');
      await some(6);
      // B again on its port, while contacts keep coming.
      const restarting = startInstance('B2', Number(new URL(B.url).port), c.env, c.instances);
      await some(6);
      await restarting;

      // Everyone stops (SIGTERM, as a deploy does); changes at HubSpot go on meanwhile.
      const running = [A, C, c.instances.find((i) => i.name === 'B2')!];
      for (const i of running) i.proc.kill('SIGTERM');
      t.same(await Promise.all(running.map((i) => i.exited)), [0, 0, 0], 'all three stopped cleanly');
      for (let k = 0; k < 4; k++) {
        direct();
        await sleep(250);
      }
      for (const [k, name] of ['A2', 'B3', 'C2'].entries())
        await startInstance(name, Number(new URL(running[k]!.url).port), c.env, c.instances);
      // While all three were down nginx marked each failed (max_fails=3, fail_timeout=10s, the shipped
      // config) and answers 502 until that passes: wait for it to route again, as a deploy's check would.
      t.ok(await eventually(async () => (await api('GET', 'toolkits?limit=1')).status === 200, 30_000), 'nginx routes again');
      await some(2);

      const arrived = () => new Set(contactEvents().map((d) => d.event.data.payload?.id));
      const all = await eventually(async () => created.every((id) => arrived().has(id)), ARRIVAL_BOUND_MS);
      t.ok(all, `every contact arrived (${created.filter((id) => arrived().has(id)).length}/${created.length})`);

      const idsByContact = new Map<string, Set<string>>();
      const contactByEvent = new Map<string, Set<string>>();
      let unverified = 0;
      for (const { request, event } of contactEvents()) {
        const contact = event.data.payload?.id ?? '';
        idsByContact.set(contact, (idsByContact.get(contact) ?? new Set()).add(event.id));
        contactByEvent.set(event.id, (contactByEvent.get(event.id) ?? new Set()).add(contact));
        try {
          wh.verify(request.body, request.headers);
        } catch {
          unverified++;
        }
      }
      t.same(
        [...idsByContact].filter(([, ids]) => ids.size !== 1).map(([contact, ids]) => `${contact}: ${[...ids].join(', ')}`),
        [],
        'no contact emitted under two event ids',
      );
      t.same(
        [...contactByEvent].filter(([, contacts]) => contacts.size !== 1).map(([id]) => id),
        [],
        'an event id always carries the same contact',
      );
      t.same(
        [...idsByContact.keys()].filter((id) => !created.includes(id)),
        [],
        'no event for a contact the drill did not create',
      );
      t.equal(unverified, 0, 'every delivery verifies with standardwebhooks');
      const deliveries = contactEvents().length;
      t.comment(
        `${created.length} contacts, ${idsByContact.size} events, ${deliveries} deliveries (${deliveries - idsByContact.size} repeated)`,
      );
    });

    await t.test('an expired connection disables the instance with a reason; re-connected, it resumes without replaying', async (t) => {
      t.teardown(() => c.hubspot.control.tokenEndpoint('ok'));
      c.hubspot.control.tokenEndpoint('invalid_grant');
      const refreshed = await api('POST', `connectors/connections/${connectionId}/refresh`, {});
      t.match(refreshed.body, { status: 'EXPIRED' }, refreshed.text);

      const disabledEvent = () => delivered().find((d) => d.event.type === 'trigger.disabled' && d.event.data.id === instanceId);
      t.ok(await eventually(async () => disabledEvent() !== undefined, 30_000), 'trigger.disabled delivered');
      t.equal(disabledEvent()?.event.data.reason, 'connection_expired', 'with its reason');
      t.match((await api('GET', `trigger_instances/${instanceId}`)).body, {
        enabled: false,
        disabledBy: 'system',
        disabledReason: 'connection_expired',
      });

      // Changes while it is disabled: never sent, even after it resumes.
      const missed = c.hubspot.control.createObject('contacts', { email: 'while-expired@example.com', firstname: 'Missed' }).id;
      await sleep(1500);

      // Re-connect as Composio's SDK does: refresh answers a new authorize URL (the refresh token is refused), the user consents.
      const again = await c.call(c.nginx.url, 'POST', `/compat/api/v3.1/connected_accounts/${connectionId}/refresh`, {});
      t.equal(again.status, 200, again.text);
      const redirect = body(again).redirect_url as string;
      t.ok(redirect, 'a new authorize URL');
      c.hubspot.control.tokenEndpoint('ok');
      t.equal((await c.consent(redirect, c.nginx.url)).status, 200, 're-connected');
      const resumedAt = Date.now();
      t.ok(
        await eventually(async () => body(await api('GET', `trigger_instances/${instanceId}`)).enabled === true, 30_000),
        'the instance resumed',
      );
      t.ok(
        await eventually(async () => ((await pollStatus(instanceId))?.lastPolledAt?.getTime() ?? 0) >= resumedAt, 30_000),
        'and polled again',
      );

      const fresh = c.hubspot.control.createObject('contacts', { email: 'after-resume@example.com', firstname: 'Fresh' }).id;
      t.ok(
        await eventually(async () => contactEvents().some((d) => d.event.data.payload?.id === fresh), 30_000),
        'a contact created after the resume arrives',
      );
      t.notOk(
        contactEvents().some((d) => d.event.data.payload?.id === missed),
        'the contact created while it was disabled was not replayed',
      );
    });
  },
);
