/**
 * The configuration that points the broker's toolkits at running sandboxes: the operator's own
 * override mechanism (TOOLKIT_OVERRIDES) and managed OAuth apps (MANAGED_OAUTH_CLIENTS), exactly
 * what an operator would set for a staging provider. Used by tests, the demo and benchmarks.
 */
import type { SandboxOAuthClient, SandboxOAuthEndpoints } from './types.js';

export const MANAGED_CLIENTS = {
  hubspot: { clientId: 'broker-managed-hubspot', clientSecret: 'hs-managed-secret-7d1f0c2a9b4e' },
  bitly: { clientId: 'broker-managed-bitly', clientSecret: 'bl-managed-secret-51be9a03c6d2' },
} as const satisfies Record<string, SandboxOAuthClient>;

/** What the broker needs to know of a sandbox (a running Sandbox, or one in another process). */
export interface SandboxEndpoints {
  apiBaseUrl: string;
  oauth: SandboxOAuthEndpoints;
}

function override(sb: SandboxEndpoints) {
  return {
    baseUrl: sb.apiBaseUrl,
    allowedHosts: [new URL(sb.apiBaseUrl).host],
    oauth2: {
      authorizeUrl: sb.oauth.authorizeUrl,
      tokenUrl: sb.oauth.tokenUrl,
      ...(sb.oauth.revocationUrl ? { revocationUrl: sb.oauth.revocationUrl } : {}),
    },
  };
}

export function sandboxBrokerEnv(hubspot: SandboxEndpoints, bitly?: SandboxEndpoints): Record<string, string> {
  return {
    TOOLKIT_OVERRIDES: JSON.stringify({ hubspot: override(hubspot), ...(bitly ? { bitly: override(bitly) } : {}) }),
    MANAGED_OAUTH_CLIENTS: JSON.stringify(MANAGED_CLIENTS),
  };
}
