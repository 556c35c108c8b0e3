/**
 * Invalidation hook for per-connection data cached by the execution path. Every state change of a
 * connection (refresh, revoke, disable, delete) calls `invalidate`; listeners (the executor's
 * cache, and the cross-instance bus on PostgreSQL) drop what they hold.
 */
export interface TokenCache {
  invalidate(connectionId: string): void;
  onInvalidate(listener: (connectionId: string) => void): void;
}

export function createTokenCache(): TokenCache {
  const listeners: ((id: string) => void)[] = [];
  return {
    invalidate: (id) => {
      for (const l of listeners) l(id);
    },
    onInvalidate: (l) => void listeners.push(l),
  };
}
