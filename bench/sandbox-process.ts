/**
 * The HubSpot sandbox in its own process for benchmarks (so the direct baseline and the broker
 * hit the same server): prints one JSON line with its URLs and a token for direct calls.
 */
import { startHubspotSandbox } from '../sandbox/index.js';
import { MANAGED_CLIENTS } from '../sandbox/broker-env.js';

const hubspot = await startHubspotSandbox({ clients: [MANAGED_CLIENTS.hubspot], accessTokenTtlSeconds: 3600 });
const [contactId] = hubspot.control.seed('contacts', 1);
const direct = hubspot.control.issueToken({ clientId: MANAGED_CLIENTS.hubspot.clientId, expiresInSeconds: 3600 });
process.stdout.write(JSON.stringify({ url: hubspot.url, apiBaseUrl: hubspot.apiBaseUrl, oauth: hubspot.oauth, contactId, token: direct.access_token }) + '\n');
const stop = () => void hubspot.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
