/**
 * Provider sandboxes: loopback emulators of HubSpot (OAuth + CRM v3) and Bitly (OAuth + v4) for
 * tests, the demo and benchmarks. See sandbox/README.md.
 */
import { startBitlySandbox } from './bitly/index.js';
import { startHubspotSandbox } from './hubspot/index.js';
import type { BitlySandbox, HubspotSandbox, HubspotSandboxOptions, SandboxOptions } from './types.js';

export * from './types.js';
export { startHubspotSandbox, DEFAULT_HUBSPOT_CLIENT } from './hubspot/index.js';
export { startBitlySandbox, DEFAULT_BITLY_CLIENT } from './bitly/index.js';

export interface StartSandboxesOptions {
  hubspot?: HubspotSandboxOptions;
  bitly?: SandboxOptions;
}

export interface Sandboxes {
  hubspot: HubspotSandbox;
  bitly: BitlySandbox;
  /** Clears both (state, recorded requests, controls). */
  reset(): void;
  close(): Promise<void>;
}

/** Starts both sandboxes (random ports unless given). */
export async function startSandboxes(opts: StartSandboxesOptions = {}): Promise<Sandboxes> {
  const [hubspot, bitly] = await Promise.allSettled([startHubspotSandbox(opts.hubspot), startBitlySandbox(opts.bitly)]);
  if (hubspot.status === 'rejected' || bitly.status === 'rejected') {
    if (hubspot.status === 'fulfilled') await hubspot.value.close();
    if (bitly.status === 'fulfilled') await bitly.value.close();
    throw hubspot.status === 'rejected' ? hubspot.reason : (bitly as PromiseRejectedResult).reason;
  }
  return {
    hubspot: hubspot.value,
    bitly: bitly.value,
    reset() {
      hubspot.value.reset();
      bitly.value.reset();
    },
    async close() {
      await Promise.all([hubspot.value.close(), bitly.value.close()]);
    },
  };
}
