/**
 * Credentials submitted the v3.1 way, `connection.state = {authScheme, val: {status, ...fields}}`,
 * turned into the credential fields of the toolkit's auth method. The SDKs name some fields
 * differently from a catalog's schema (`generic_api_key` for `api_key`, `token` for a bearer
 * `access_token`...); those are renamed to whichever name the schema has. Validation itself
 * stays with the native connect (the schema in the catalog), which names any field it refuses.
 */
import type { DirectAuthMethodDef } from '../../src/catalog/catalog-schema.js';
import { compatBadRequest } from './errors.js';

export interface CompatState {
  authScheme?: string;
  auth_scheme?: string;
  val?: Record<string, unknown>;
}

const SYNONYMS = [
  ['api_key', 'generic_api_key', 'apiKey', 'key'],
  ['token', 'bearer_token', 'access_token'],
];

/** Fields of `val` that describe the connection rather than carry a credential. */
const NOT_CREDENTIALS = new Set(['status']);

export const stateScheme = (state: CompatState | undefined) => state?.authScheme ?? state?.auth_scheme;

/** The credential fields in `state.val`; undefined when it carries none (the connection then waits for them). */
export function credentialsFromState(state: CompatState | undefined, method: DirectAuthMethodDef): Record<string, string> | undefined {
  const val = state?.val;
  if (!val) return undefined;
  const known = new Set(Object.keys(method.credentials.properties));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(val)) {
    if (NOT_CREDENTIALS.has(key) || value === undefined || value === null) continue;
    if (typeof value !== 'string')
      throw compatBadRequest(`connection.state.val.${key} must be a string`, [`connection.state.val.${key} must be a string`]);
    const name = known.has(key) ? key : (SYNONYMS.find((group) => group.includes(key))?.find((alt) => known.has(alt)) ?? key);
    out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether an OAuth `val` carries tokens (importing existing tokens is not supported). */
export function carriesTokens(state: CompatState | undefined): boolean {
  const val = state?.val ?? {};
  return ['access_token', 'refresh_token', 'id_token'].some((k) => val[k] !== undefined && val[k] !== null);
}

/** Connection fields (`connection.data`, link `connection_data`): non-secret strings only. */
export function connectionFields(data: Record<string, unknown> | undefined, field: string): Record<string, string> | undefined {
  if (!data) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      throw compatBadRequest(`${field}.${k} must be a string`, [`${field}.${k} must be a string`]);
    }
    out[k] = String(v);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
