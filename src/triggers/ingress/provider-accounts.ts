/**
 * Which provider account a new OAuth connection belongs to, so provider webhooks (which name the
 * account, not the user) reach it: HubSpot's hub (portal) id. The token response names it
 * (`hub_id`); when it does not, HubSpot's token metadata endpoint
 * (`GET /oauth/v1/access-tokens/{token}` on the token URL's host) does. Other toolkits: none.
 */
import type { ProviderHttpClient } from '../../providers/http-client.js';

export interface AccountLookupInput {
  toolkitSlug: string;
  /** The token URL as rendered for the connection (its host answers the metadata call). */
  tokenUrl: string;
  accessToken: string;
  /** What the token response said (`hub_id`), if anything. */
  hint: string | undefined;
}

/** The account id, or null when unknown (never throws: a connection is made either way). */
export type ProviderAccountLookup = (input: AccountLookupInput) => Promise<string | null>;

const accountIdOf = (v: unknown): string | null =>
  (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && /^\d{1,30}$/.test(v)) ? String(v) : null;

export function createProviderAccountLookup(http: Pick<ProviderHttpClient, 'request'>): ProviderAccountLookup {
  return async ({ toolkitSlug, tokenUrl, accessToken, hint }) => {
    if (toolkitSlug !== 'hubspot') return null;
    if (hint) return hint;
    try {
      const url = new URL(`/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`, tokenUrl).toString();
      const res = await http.request({ method: 'GET', url, headers: { accept: 'application/json' } });
      if (res.status !== 200) return null;
      const body: unknown = JSON.parse(res.body.toString('utf8'));
      return body && typeof body === 'object' ? accountIdOf((body as Record<string, unknown>).hub_id) : null;
    } catch {
      return null;
    }
  };
}
