/** Tools, toolkits and trigger types: the catalog, and running a tool for an end user. */
import type { IdempotencyOptions, Transport } from './http.js';
import type { BodyOf, ExecuteResult, QueryOf, ResponseOf, Tool, Toolkit, TriggerType } from './types.js';

export class Tools {
  constructor(private readonly http: Transport) {}

  /** A page of tools (`toolkit`, `search`, `limit`, `offset`). */
  list(query: QueryOf<'listTools'> = {}): Promise<ResponseOf<'listTools'>> {
    return this.http.call('listTools', { query });
  }

  /** One tool with its inputParameters (JSON Schema). */
  get(slug: string): Promise<Tool> {
    return this.http.call('getTool', { path: { slug } });
  }

  /**
   * Runs a tool with an end user's connection (`entityId`, or an explicit `connectedAccountId`).
   * A provider's error is an answer (`successful: false` with its status), not a thrown error.
   * Sent with an Idempotency-Key (`options.idempotencyKey`, else a new one), so a retry never runs it twice.
   */
  execute(slug: string, body: BodyOf<'executeTool'>, options: IdempotencyOptions = {}): Promise<ExecuteResult> {
    return this.http.call('executeTool', { path: { slug }, body, ...options });
  }
}

export class Toolkits {
  constructor(private readonly http: Transport) {}

  list(query: QueryOf<'listToolkits'> = {}): Promise<ResponseOf<'listToolkits'>> {
    return this.http.call('listToolkits', { query });
  }

  get(slug: string): Promise<Toolkit> {
    return this.http.call('getToolkit', { path: { slug } });
  }
}

export class TriggerTypes {
  constructor(private readonly http: Transport) {}

  list(query: QueryOf<'listTriggerTypes'> = {}): Promise<ResponseOf<'listTriggerTypes'>> {
    return this.http.call('listTriggerTypes', { query });
  }

  get(slug: string): Promise<TriggerType> {
    return this.http.call('getTriggerType', { path: { slug } });
  }
}

/** Triggers set up for one connection with one config (the same trigger, connection and config upsert to one instance). */
export class TriggerInstances {
  constructor(private readonly http: Transport) {}

  upsert(body: BodyOf<'upsertTriggerInstance'>): Promise<ResponseOf<'upsertTriggerInstance'>> {
    return this.http.call('upsertTriggerInstance', { body });
  }

  list(query: QueryOf<'listTriggerInstances'> = {}): Promise<ResponseOf<'listTriggerInstances'>> {
    return this.http.call('listTriggerInstances', { query });
  }

  get(triggerId: string): Promise<ResponseOf<'getTriggerInstance'>> {
    return this.http.call('getTriggerInstance', { path: { triggerId } });
  }

  update(triggerId: string, body: BodyOf<'updateTriggerInstance'>): Promise<ResponseOf<'updateTriggerInstance'>> {
    return this.http.call('updateTriggerInstance', { path: { triggerId }, body });
  }

  delete(triggerId: string): Promise<ResponseOf<'deleteTriggerInstance'>> {
    return this.http.call('deleteTriggerInstance', { path: { triggerId } });
  }
}
