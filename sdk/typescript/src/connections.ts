/** Auth configs, connections (OAuth and credentials) and hosted connect links. */
import { BrokerError } from './errors.js';
import type { IdempotencyOptions, Transport } from './http.js';
import type { AuthConfig, BodyOf, Connection, QueryOf, ResponseOf } from './types.js';

export class AuthConfigs {
  constructor(private readonly http: Transport) {}

  /** Sent with an Idempotency-Key (`options.idempotencyKey`, else a new one): a retry never creates two. */
  create(body: BodyOf<'createAuthConfig'>, options: IdempotencyOptions = {}): Promise<ResponseOf<'createAuthConfig'>> {
    return this.http.call('createAuthConfig', { body, ...options });
  }

  list(query: QueryOf<'listAuthConfigs'> = {}): Promise<ResponseOf<'listAuthConfigs'>> {
    return this.http.call('listAuthConfigs', { query });
  }

  get(authConfigId: string): Promise<AuthConfig> {
    return this.http.call('getAuthConfig', { path: { authConfigId } });
  }

  update(authConfigId: string, body: BodyOf<'updateAuthConfig'>): Promise<ResponseOf<'updateAuthConfig'>> {
    return this.http.call('updateAuthConfig', { path: { authConfigId }, body });
  }

  delete(authConfigId: string): Promise<ResponseOf<'deleteAuthConfig'>> {
    return this.http.call('deleteAuthConfig', { path: { authConfigId } });
  }
}

export interface WaitOptions {
  /** Give up after this long; default 120 000 ms (an end user consenting takes a while). */
  timeoutMs?: number;
  /** Between two reads; default 1 000 ms. */
  intervalMs?: number;
}

/** Statuses a connection does not leave by itself: waiting on for ACTIVE would be pointless. */
const DEAD_ENDS = new Set(['FAILED', 'EXPIRED', 'REVOKED']);

export class Connections {
  constructor(private readonly http: Transport) {}

  /**
   * Starts a connection for an end user: OAuth answers a `redirectUrl` to send the user to. Sent
   * with an Idempotency-Key (`options.idempotencyKey`, else a new one): a retry never starts two.
   */
  initiate(toolkit: string, body: BodyOf<'initiate'>, options: IdempotencyOptions = {}): Promise<ResponseOf<'initiate'>> {
    return this.http.call('initiate', { path: { slug: toolkit }, body, ...options });
  }

  /** Connects with credentials (API key, basic, bearer): ACTIVE at once. Sent with an Idempotency-Key, as initiate. */
  connect(toolkit: string, body: BodyOf<'connect'>, options: IdempotencyOptions = {}): Promise<ResponseOf<'connect'>> {
    return this.http.call('connect', { path: { slug: toolkit }, body, ...options });
  }

  get(connectionId: string): Promise<Connection> {
    return this.http.call('getConnection', { path: { connectionId } });
  }

  list(query: QueryOf<'listConnections'> = {}): Promise<ResponseOf<'listConnections'>> {
    return this.http.call('listConnections', { query });
  }

  update(connectionId: string, body: BodyOf<'updateConnection'>): Promise<ResponseOf<'updateConnection'>> {
    return this.http.call('updateConnection', { path: { connectionId }, body });
  }

  /**
   * Polls the connection until it is ACTIVE and returns it; throws BrokerError CONNECTION_NOT_ACTIVE
   * when it ends FAILED, EXPIRED or REVOKED, TIMEOUT when `timeoutMs` passes first.
   */
  async waitUntilActive(connectionId: string, options: WaitOptions = {}): Promise<Connection> {
    const timeoutMs = options.timeoutMs ?? 120_000;
    const intervalMs = options.intervalMs ?? 1_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const connection = await this.get(connectionId);
      if (connection.status === 'ACTIVE') return connection;
      if (DEAD_ENDS.has(connection.status)) {
        throw new BrokerError({
          code: 'CONNECTION_NOT_ACTIVE',
          status: 0,
          message: `connection ${connectionId} is ${connection.status}${connection.statusReason ? `: ${connection.statusReason}` : ''}`,
          data: connection,
        });
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new BrokerError({
          code: 'TIMEOUT',
          status: 0,
          message: `connection ${connectionId} still ${connection.status} after ${timeoutMs} ms`,
          data: connection,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
    }
  }

  refresh(connectionId: string, body: BodyOf<'refreshConnection'> = {}): Promise<ResponseOf<'refreshConnection'>> {
    return this.http.call('refreshConnection', { path: { connectionId }, body });
  }

  revoke(connectionId: string, body: BodyOf<'revokeConnection'> = {}): Promise<ResponseOf<'revokeConnection'>> {
    return this.http.call('revokeConnection', { path: { connectionId }, body });
  }

  delete(connectionId: string): Promise<ResponseOf<'deleteConnection'>> {
    return this.http.call('deleteConnection', { path: { connectionId } });
  }

  /**
   * An authenticated request to the provider's API with the connection's credentials. Sent with an
   * Idempotency-Key (`options.idempotencyKey`, else a new one): a retry never sends it twice.
   */
  proxy(body: BodyOf<'proxy'>, options: IdempotencyOptions = {}): Promise<ResponseOf<'proxy'>> {
    return this.http.call('proxy', { body, ...options });
  }
}

export class ConnectLinks {
  constructor(private readonly http: Transport) {}

  /** A hosted page link that completes a connection for an end user (OAuth consent or credential form); with `connectionId`, one that reconnects that connection in place. */
  create(body: BodyOf<'createConnectLink'>): Promise<ResponseOf<'createConnectLink'>> {
    return this.http.call('createConnectLink', { body });
  }
}
