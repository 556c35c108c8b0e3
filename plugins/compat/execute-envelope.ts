/**
 * The v3.1 execute envelope `{data, error, successful}` from a native ExecutionResult. The SDK
 * parses `data` as an object and requires the `error` key, so non-object results are wrapped as
 * `{value: ...}` and a provider failure becomes `successful: false` with a one-line `error`.
 */
import type { ExecutionResult } from '../../src/tools/execution-service.js';

export interface ExecuteEnvelope {
  data: Record<string, unknown>;
  error: string | null;
  successful: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function asDataObject(data: unknown): Record<string, unknown> {
  if (data === undefined || data === null) return {};
  return isPlainObject(data) ? data : { value: data };
}

/** The provider's own message when its error body has a usual place for one. */
function providerMessage(data: unknown): string | undefined {
  if (typeof data === 'string') return data.slice(0, 500) || undefined;
  if (!isPlainObject(data)) return undefined;
  for (const key of ['message', 'description', 'error_description', 'error']) {
    const v = data[key];
    if (typeof v === 'string' && v) return v.slice(0, 500);
    if (isPlainObject(v) && typeof v.message === 'string') return v.message.slice(0, 500);
  }
  return undefined;
}

export function toExecuteEnvelope(result: ExecutionResult): ExecuteEnvelope {
  const data = asDataObject(result.data);
  if (result.successful) return { data, error: null, successful: true };
  const message = providerMessage(result.data);
  return { data, error: `The provider answered HTTP ${result.status}${message ? `: ${message}` : ''}`, successful: false };
}
