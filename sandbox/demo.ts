/**
 * `npm run demo`: the whole workflow without a provider account. Starts the HubSpot and Bitly
 * sandboxes on loopback, points the toolkits at them with the operator override mechanism, makes
 * their OAuth apps the platform-managed clients, and starts the broker (same code as `npm start`)
 * on a fresh embedded database under ./data/demo unless DATABASE_URL / DATA_DIR say otherwise.
 * Also starts a loopback webhook receiver that prints what it receives (the demo's loopback hosts
 * are allowed webhook destinations). Prints the API key and a curl walkthrough.
 *
 * The sandboxes change by themselves, as real accounts do: a few HubSpot changes a minute and a
 * Bitly link now and then ({HUBSPOT,BITLY}_SANDBOX_ACTIVITY_PER_MINUTE, 0 = off). With
 * HUBSPOT_SANDBOX_WEBHOOK_URL set, the HubSpot sandbox sends its app webhooks there, signed with
 * the managed HubSpot client secret; otherwise to the broker's own ingress
 * (`PUBLIC_BASE_URL/api/v1/provider_webhooks/hubspot`), as an operator registers it at HubSpot.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startBitlySandbox, startHubspotSandbox } from './index.js';
import { startWebhookReceiver } from './webhook-receiver.js';
import { MANAGED_CLIENTS, sandboxBrokerEnv } from './broker-env.js';
import { DEFAULT_SUBSCRIPTIONS, parseSubscriptionList } from './hubspot/app-webhooks.js';
import { isLoopbackUrl } from './common/forms.js';
import { loadConfig, type Config } from '../src/config.js';
import { exitOnStartupFailure, startServer } from '../bin/server.js';
import { OPERATOR } from '../src/tenancy/actor.js';

export const DEMO_DATA_DIR = './data/demo';

export const DEMO_ACTIVITY_PER_MINUTE = { hubspot: 3, bitly: 1 };

/**
 * The printed walkthrough: shell lines to paste as they are, in order (bash or zsh). Each answer a
 * later step needs is kept in a variable (read with node, which every user of npm has), so nothing
 * needs filling in by hand.
 */
export function walkthrough(base: string, key: string, receiverUrl: string, hubspotUrl: string): string {
  const h = `-H "x-api-key: $KEY" -H 'content-type: application/json'`;
  return `
================================================================================
 Demo broker on ${base}   (sandboxes stand in for HubSpot and Bitly)
 API key: ${key}

 Paste the lines below into a shell (bash or zsh), in order: each step keeps what a later one
 needs in a variable.

 0. The broker, its key, and a helper that prints one field of a JSON answer:
    B=${base}; KEY=${key}
    field() { node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(process.argv[1].split(".").reduce((o,k)=>o?.[k],JSON.parse(s))??""))' "$1"; }

 1. A managed auth config for HubSpot:
    AUTH=$(curl -s -X POST $B/api/v1/auth_configs ${h} \\
      -d '{"slug":"hubspot","authMethodId":"hubspot_oauth2","isManaged":true}' | field authConfigId); echo "$AUTH"

 2. A hosted connect link for an end user: open it in a browser and press Approve.
    LINK=$(curl -s -X POST $B/api/v1/connect-links ${h} \\
      -d "{\\"authConfigId\\":\\"$AUTH\\",\\"entityId\\":\\"demo-user\\"}"); echo "$LINK"
    CONN=$(echo "$LINK" | field connectionId); echo "Open: $(echo "$LINK" | field url)"
    # Or start the OAuth flow from a script, approving as the end user would:
    INIT=$(curl -s -X POST $B/api/v1/connectors/hubspot/initiate ${h} -d '{"entityId":"demo-user"}')
    CONN=$(echo "$INIT" | field connectionId); curl -sL "$(echo "$INIT" | field redirectUrl)&approve=yes" > /dev/null

 3. The connection (status ACTIVE once approved):
    curl -s $B/api/v1/connectors/connections/$CONN ${h}; echo

 4. Execute tools through it: create a contact, then find it:
    curl -s -X POST $B/api/v1/tools/HUBSPOT_CONTACTS_CREATE/execute ${h} \\
      -d "{\\"connectedAccountId\\":\\"$CONN\\",\\"arguments\\":{\\"properties\\":{\\"email\\":\\"ada@example.com\\",\\"firstname\\":\\"Ada\\"}}}"; echo
    curl -s -X POST $B/api/v1/tools/HUBSPOT_CONTACTS_SEARCH/execute ${h} \\
      -d '{"entityId":"demo-user","arguments":{"filterGroups":[{"filters":[{"propertyName":"email","operator":"EQ","value":"ada@example.com"}]}]}}'; echo

 5. Bitly: connect, shorten a link, expand it:
    INIT=$(curl -s -X POST $B/api/v1/connectors/bitly/initiate ${h} -d '{"entityId":"demo-user"}')
    curl -sL "$(echo "$INIT" | field redirectUrl)&approve=yes" > /dev/null
    BITLINK=$(curl -s -X POST $B/api/v1/tools/BITLY_CREATE_SHORTLINK/execute ${h} \\
      -d '{"entityId":"demo-user","arguments":{"long_url":"https://example.com/a/long/path"}}' | field data.id); echo "$BITLINK"
    curl -s -X POST $B/api/v1/tools/BITLY_EXPAND_SHORTLINK/execute ${h} \\
      -d "{\\"entityId\\":\\"demo-user\\",\\"arguments\\":{\\"bitlink_id\\":\\"$BITLINK\\"}}"; echo

 6. Any provider path through the authenticated proxy (the token is injected server-side):
    curl -s -X POST $B/api/v1/connectors/proxy ${h} \\
      -d "{\\"connectionId\\":\\"$CONN\\",\\"endpoint\\":\\"/crm/v3/objects/contacts\\",\\"method\\":\\"GET\\",\\"query\\":{\\"limit\\":\\"5\\"}}"; echo

 7. The console: open ${base}/console/ and sign up (the first account owns this organization).
    # The connection, the executions and the month's usage above are under Projects. There you can
    # also create an auth config, "Connect an account" (the sandbox's consent page stands in for
    # HubSpot's), run any tool in the Playground, and open any execution to see why it failed.

 8. Webhooks: subscribe this demo's receiver (it prints every delivery below), revoke the connection:
    # a signed connection.revoked event arrives (docs/events.md says how to verify it).
    curl -s -X POST $B/api/v1/webhook_subscriptions ${h} -d '{"url":"${receiverUrl}"}'; echo
    curl -s -X POST $B/api/v1/connectors/connections/$CONN/revoke ${h} -d '{}'; echo
    curl -s $B/api/v1/events ${h}; echo

 9. A change "in HubSpot directly", as a user of the portal would make it:
    # (the sandboxes also change by themselves: new contacts, companies, deals and Bitly links)
    curl -s -X POST ${hubspotUrl}/__sandbox/control -H 'content-type: application/json' \\
      -d '{"action":"createObject","args":["contacts",{"email":"grace@example.com","firstname":"Grace"}]}'; echo
    # Each change also reaches the broker as a signed HubSpot app webhook, at
    # $B/api/v1/provider_webhooks/hubspot (docs/guides/provider-webhooks.md).

10. Triggers: every new contact of demo-user reaches the receiver as one signed trigger.event (polled
    # every 5 s here, and pushed at once by the app webhooks; docs/guides/trigger-instances.md).
    # Step 8 revoked the connection, so connect demo-user again first:
    INIT=$(curl -s -X POST $B/api/v1/connectors/hubspot/initiate ${h} -d '{"entityId":"demo-user"}')
    curl -sL "$(echo "$INIT" | field redirectUrl)&approve=yes" > /dev/null
    curl -s -X POST $B/api/v1/trigger_instances ${h} \\
      -d '{"triggerSlug":"HUBSPOT_CONTACT_CREATED","entityId":"demo-user","config":{"interval":0.1}}'; echo
    sleep 10   # the first poll records where HubSpot stands; only later contacts are events
    curl -s -X POST ${hubspotUrl}/__sandbox/control -H 'content-type: application/json' \\
      -d '{"action":"createObject","args":["contacts",{"email":"alan@example.com","firstname":"Alan"}]}'; echo
    # Within seconds: "webhook received: ... trigger.event ... alan@example.com" below.

 Browse the API: ${base}/api/v1/docs
 CLI on this database: DATA_DIR=${DEMO_DATA_DIR} npm run broker -- list-projects
================================================================================
`;
}

/** The configuration once loaded, so a start-up failure message can name its port and database. */
let demoConfig: Config | undefined;

async function main(): Promise<void> {
  const env = { ...process.env };
  if (!env.DATABASE_URL && !env.DATA_DIR) {
    // A fresh demo database each run; it never touches ./data/broker.sqlite.
    rmSync(resolve(DEMO_DATA_DIR), { recursive: true, force: true });
    env.DATA_DIR = DEMO_DATA_DIR;
  }
  // Triggers poll every 5 s at most in the demo (unless set), so a change shows up while you watch.
  env.TRIGGER_MIN_INTERVAL_SECONDS ||= '5';
  const perMinute = (name: string, fallback: number) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]));
  const webhookUrl = env.HUBSPOT_SANDBOX_WEBHOOK_URL;
  const hubspot = await startHubspotSandbox({
    port: Number(env.HUBSPOT_SANDBOX_PORT ?? 0),
    clients: [MANAGED_CLIENTS.hubspot],
    activity: { perMinute: perMinute('HUBSPOT_SANDBOX_ACTIVITY_PER_MINUTE', DEMO_ACTIVITY_PER_MINUTE.hubspot) },
    ...(webhookUrl
      ? {
          appWebhooks: {
            targetUrl: webhookUrl,
            clientSecret: MANAGED_CLIENTS.hubspot.clientSecret,
            subscriptions: parseSubscriptionList(env.HUBSPOT_SANDBOX_WEBHOOK_SUBSCRIPTIONS || DEFAULT_SUBSCRIPTIONS),
          },
        }
      : {}),
  });
  const bitly = await startBitlySandbox({
    port: Number(env.BITLY_SANDBOX_PORT ?? 0),
    clients: [MANAGED_CLIENTS.bitly],
    activity: { perMinute: perMinute('BITLY_SANDBOX_ACTIVITY_PER_MINUTE', DEMO_ACTIVITY_PER_MINUTE.bitly) },
  });
  const config = loadConfig({ ...env, ...sandboxBrokerEnv(hubspot, bitly), BOOTSTRAP: 'false' });
  demoConfig = config;
  const server = await startServer(config);
  const app = server.app;
  // The managed app's webhooks go to the broker's ingress (issue 29), signed with the managed client's secret.
  const ingressUrl = `${config.publicBaseUrl.replace(/\/+$/, '')}/api/v1/provider_webhooks/hubspot`;
  if (!webhookUrl && isLoopbackUrl(ingressUrl))
    hubspot.control.configureAppWebhooks({
      targetUrl: ingressUrl,
      clientSecret: MANAGED_CLIENTS.hubspot.clientSecret,
      subscriptions: parseSubscriptionList(env.HUBSPOT_SANDBOX_WEBHOOK_SUBSCRIPTIONS || DEFAULT_SUBSCRIPTIONS),
    });
  const org = await app.services.tenancy.organizations.create(OPERATOR, 'Demo organization');
  const project = await app.services.tenancy.projects.create(OPERATOR, org.id, 'Demo project');
  const { key } = await app.services.tenancy.apiKeys.create(OPERATOR, project.id, 'demo');
  const receiver = await startWebhookReceiver({
    port: Number(env.WEBHOOK_RECEIVER_PORT ?? 0),
    onRequest: (r) => process.stdout.write(`webhook received: webhook-id=${r.headers['webhook-id'] ?? '-'} ${r.body}\n`),
  });
  process.stdout.write(`HubSpot sandbox: ${hubspot.url}\nBitly sandbox:   ${bitly.url}\nWebhook receiver: ${receiver.url('/webhooks')}\n`);
  process.stdout.write(
    `HubSpot app webhooks -> ${webhookUrl ?? (isLoopbackUrl(ingressUrl) ? ingressUrl : 'off (PUBLIC_BASE_URL is not a loopback URL)')}\n`,
  );
  process.stdout.write(walkthrough(config.publicBaseUrl, key, receiver.url('/webhooks'), hubspot.url));
  // The sandboxes live in this process and stop with it (SIGTERM/SIGINT close the broker first).
}

try {
  await main();
} catch (err) {
  exitOnStartupFailure(err, demoConfig);
}
