/**
 * Invitations to join an organization: looked up by the sha256 of the link's token, never by the
 * token itself. Accepting is one transaction (the invitation is consumed only if the membership is
 * added, and the other way round), and a consumed or revoked invitation never matches again.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Invitation, Membership, type IInvitation, type IMembership } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

/** What an attempt to accept came to. */
export type AcceptOutcome = 'accepted' | 'gone' | 'already-member';

const pending = { acceptedAt: null, revokedAt: null };

export function createInvitationRepository(db: Db) {
  return {
    insert(row: Omit<IInvitation, 'createdAt'> & { createdAt?: Date }): Promise<IInvitation> {
      return insertNew(db.em(), Invitation, row);
    },

    findByTokenHash(tokenHash: string): Promise<IInvitation | null> {
      return db.em().findOne(Invitation, { tokenHash }, fresh);
    },

    /** An invitation of this organization (another organization's id finds nothing). */
    findInOrganization(organizationId: string, id: string): Promise<IInvitation | null> {
      return db.em().findOne(Invitation, { id, organizationId }, fresh);
    },

    /** Not accepted, not revoked and not expired at `now`, oldest first. */
    listPending(organizationId: string, now: Date): Promise<IInvitation[]> {
      return db
        .em()
        .find(Invitation, { organizationId, ...pending, expiresAt: { $gt: now } }, { ...fresh, orderBy: { createdAt: 'asc', id: 'asc' } });
    },

    /** The pending, unexpired invitation of an email to an organization, when there is one. */
    findPendingFor(organizationId: string, email: string, now: Date): Promise<IInvitation | null> {
      return db.em().findOne(Invitation, { organizationId, email, ...pending, expiresAt: { $gt: now } }, fresh);
    },

    /** Revokes an invitation nobody accepted; false when it was accepted or already revoked. */
    async revoke(id: string, at: Date): Promise<boolean> {
      return (await db.em().nativeUpdate(Invitation, { id, ...pending }, { revokedAt: at })) === 1;
    },

    /**
     * Consumes a pending, unexpired invitation and adds the membership it promises, in one
     * transaction: of two concurrent accepts only one matches the conditional update.
     */
    async accept(id: string, membership: Omit<IMembership, 'createdAt'>, at: Date): Promise<AcceptOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const consumed = await tx.nativeUpdate(
            Invitation,
            { id, ...pending, expiresAt: { $gt: at } },
            { acceptedAt: at, acceptedByUserId: membership.userId },
          );
          if (consumed !== 1) return 'gone';
          await tx.insert(Membership, { ...membership, createdAt: at });
          return 'accepted';
        });
      } catch (err) {
        // The user joined the organization another way meanwhile; the invitation stays unused.
        if (err instanceof UniqueConstraintViolationException) return 'already-member';
        throw err;
      }
    },
  };
}
