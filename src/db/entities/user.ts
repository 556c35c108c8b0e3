import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A console user (a person). Agents never authenticate as users. */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.string().length(40).primary(),
    email: p.string().length(320).unique(),
    name: p.string().length(200).nullable(),
    passwordHash: p.string().length(200).nullable(),
    /** sha256 of the one pending password-reset token (`broker reset-password`); null once used. */
    passwordResetTokenHash: p.string().length(64).nullable().unique(),
    passwordResetExpiresAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IUser = InferEntity<typeof User>;
