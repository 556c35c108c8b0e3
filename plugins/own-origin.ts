/**
 * Whether a browser's `Origin` is the broker's own: its public origin (PUBLIC_BASE_URL), or the
 * http(s) origin of the host the request was sent to (a direct or loopback address). The console's
 * origin check and the connect page's cross-site refusal both ask this one question.
 */
import type { FastifyRequest } from 'fastify';

export function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
