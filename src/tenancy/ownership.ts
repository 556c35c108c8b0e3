/**
 * The one place that decides what a caller is told about a resource its project does not hold.
 * An API key (spec sections 5 and 7) is told 403 FORBIDDEN "API key not permitted for this
 * resource" for a resource of another project, 404 for one that no project holds: resource ids are
 * random, so telling the two apart reveals nothing a caller could guess. The console keeps 404 for
 * both (another organization's ids reveal nothing there: access.ts). So every service's loader of
 * a project's connection, auth config, trigger instance, webhook subscription or event throws what
 * `refusal` returns when its project-scoped lookup finds nothing (a 404 that knows whether another
 * project holds the id), and the API-key planes' error renderers pass errors through
 * `asSeenByApiKey`, for reads and writes alike.
 */
import type { OwnedKind, OwnershipRepository } from '../db/repositories/ownership-repository.js';
import { BrokerError, forbidden, notFound } from '../errors.js';

export const NOT_PERMITTED = 'API key not permitted for this resource';

/** Marks a 404 whose resource exists in another project. */
const IN_ANOTHER_PROJECT = Symbol('inAnotherProject');

export function createOwnership(deps: { owners: OwnershipRepository }) {
  return {
    /** The 404 to throw when the `kind` `id` is not in `projectId`, marked when another project holds it. */
    async refusal(projectId: string, kind: OwnedKind, id: string, message: string): Promise<BrokerError> {
      const error = notFound(message, kind);
      const owner = id.length <= 100 ? await deps.owners.projectOf(kind, id) : null;
      if (owner !== null && owner !== projectId) Object.defineProperty(error, IN_ANOTHER_PROJECT, { value: true });
      return error;
    },
  };
}

/** What an API key is told: 403 for another project's resource, the error as it is otherwise. */
export function asSeenByApiKey(error: unknown): unknown {
  return error instanceof BrokerError && (error as { [IN_ANOTHER_PROJECT]?: boolean })[IN_ANOTHER_PROJECT] === true
    ? forbidden(NOT_PERMITTED)
    : error;
}

export type Ownership = ReturnType<typeof createOwnership>;
