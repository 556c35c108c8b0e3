/**
 * Organizations for the console's project tests, built without the invitation routes: the first
 * sign-up owns the oldest organization (account-service.ts); other people are given a role by
 * writing their membership row, and an "other" organization with its own project and owner
 * stands for everything a person must never reach.
 */
import type { FastifyInstance } from 'fastify';
import { Membership } from '../../../src/db/entities/index.js';
import { newId } from '../../../src/ids.js';
import { signUp, type ConsoleClient } from '../../helpers/console.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

type Role = 'owner' | 'admin' | 'member';

export async function grantRole(app: FastifyInstance, organizationId: string, userId: string, role: Role): Promise<void> {
  const em = app.orm.em.fork();
  em.create(Membership, { id: newId('mem'), organizationId, userId, role });
  await em.flush();
}

/** The first person to sign up: owner of the oldest organization (and of its first project). */
export async function firstOwner(app: FastifyInstance, email = 'owner@example.com') {
  const owner = await signUp(app, email);
  const membership = await app.orm.em.fork().findOneOrFail(Membership, { userId: owner.userId });
  const projects = (await app.services.tenancy.projects.listAll()).filter((p) => p.organizationId === membership.organizationId);
  return { owner, organizationId: membership.organizationId, projectId: projects[0]!.id };
}

/** Another person signed up and given `role` in the organization. */
export async function personWithRole(app: FastifyInstance, organizationId: string, email: string, role: Role): Promise<ConsoleClient> {
  const person = await signUp(app, email);
  await grantRole(app, organizationId, person.userId, role);
  return person;
}

/** A second organization with a project and an API key, owned by a new person. */
export async function otherOrganization(app: FastifyInstance, email = 'eve@example.com') {
  const owner = await signUp(app, email);
  const org = await app.services.tenancy.organizations.create(OPERATOR, 'Other organization');
  const project = await app.services.tenancy.projects.create(OPERATOR, org.id, 'Other project');
  await grantRole(app, org.id, owner.userId, 'owner');
  const { key, apiKey } = await app.services.tenancy.apiKeys.create(OPERATOR, project.id, 'other');
  return { owner, organizationId: org.id, projectId: project.id, key, apiKeyId: apiKey.id };
}

/** Not one of the audit entries the first user's sign-up wrote (they carry `firstUser: true`). */
export const notSignUp = (e: { detail: unknown }) => (e.detail as { firstUser?: boolean } | null)?.firstUser !== true;
