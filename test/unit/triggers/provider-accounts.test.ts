/**
 * The provider account lookup of a new connection: the token response's hint when there is one,
 * else HubSpot's token metadata endpoint on the token URL's host (the sandbox answers it as
 * HubSpot does); null, never a throw, when neither tells.
 */
import t from 'tap';
import { startHubspotSandbox } from '../../../sandbox/index.js';
import { createOAuthHttpClient } from '../../../src/providers/oauth-http-client.js';
import { createProviderAccountLookup } from '../../../src/triggers/ingress/provider-accounts.js';

const hubspot = await startHubspotSandbox({ hubId: 77001122 });
const http = createOAuthHttpClient({ timeoutMs: 5000, allowPrivateHosts: new Set(['127.0.0.1']) });
t.teardown(async () => {
  await http.close();
  await hubspot.close();
});
const lookup = createProviderAccountLookup(http);
const tokenUrl = `${hubspot.url}/oauth/v1/token`;

t.test('the hint wins; without one the metadata endpoint answers hub_id', async (t) => {
  const { access_token } = hubspot.control.issueToken();
  t.equal(await lookup({ toolkitSlug: 'hubspot', tokenUrl, accessToken: access_token, hint: '5' }), '5');
  t.equal(await lookup({ toolkitSlug: 'hubspot', tokenUrl, accessToken: access_token, hint: undefined }), '77001122');
});

t.test('unknown tokens, other toolkits and unreachable hosts: null', async (t) => {
  t.equal(await lookup({ toolkitSlug: 'hubspot', tokenUrl, accessToken: 'not-a-token', hint: undefined }), null);
  t.equal(await lookup({ toolkitSlug: 'bitly', tokenUrl, accessToken: 'x', hint: '5' }), null);
  t.equal(await lookup({ toolkitSlug: 'hubspot', tokenUrl: 'http://127.0.0.1:1/oauth/v1/token', accessToken: 'x', hint: undefined }), null);
});
