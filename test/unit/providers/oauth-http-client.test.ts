/** The got OAuth client (src/providers/oauth-http-client.ts) honours the same contract as the hot-path client. */
import t from 'tap';
import { createOAuthHttpClient } from '../../../src/providers/oauth-http-client.js';
import { clientFailureContract } from './client-failures-contract.js';
import { clientContract } from './client-contract.js';

clientContract(t, 'got', createOAuthHttpClient);
clientFailureContract(t, 'got', createOAuthHttpClient);
