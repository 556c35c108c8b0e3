/**
 * Who may do what in an organization. Every console route names an organization and passes through
 * here: no membership (or no such organization) is 404, so ids of other organizations reveal
 * nothing; a membership whose role is below the route's is 403.
 */
import type { IMembership } from '../db/entities/index.js';
import type { Role, UserRepository } from '../db/repositories/user-repository.js';
import { forbidden, notFound } from '../errors.js';

const RANK: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

export const atLeast = (role: Role, minimum: Role): boolean => RANK[role] >= RANK[minimum];

export function createOrganizationAccess(deps: { users: Pick<UserRepository, 'findMembership'> }) {
  return {
    /** The user's membership in the organization, when its role is at least `minimum`. */
    async require(userId: string, organizationId: string, minimum: Role = 'member'): Promise<IMembership> {
      const membership = await deps.users.findMembership(organizationId, userId);
      if (!membership) throw notFound(`Organization ${organizationId} not found`, 'organization');
      if (!atLeast(membership.role, minimum))
        throw forbidden(
          `This needs the ${minimum} role in the organization; you are ${membership.role === 'admin' ? 'an' : 'a'} ${membership.role}`,
        );
      return membership;
    },
  };
}

export type OrganizationAccess = ReturnType<typeof createOrganizationAccess>;
