/**
 * An organization with one member of each role, joined the way people join (an invitation link,
 * then sign-up with its token), plus an outsider who owns another organization: the cast of the
 * organization, member and invitation tests.
 */
import type { FastifyInstance } from 'fastify';
import { type ConsoleClient, signUp } from '../../helpers/console.js';

export type InvitableRole = 'owner' | 'admin' | 'member';

export interface Team {
  /** Owner of `orgId` (the instance's first user). */
  ada: ConsoleClient;
  /** Admin of `orgId`. */
  bob: ConsoleClient;
  /** Member of `orgId`. */
  carol: ConsoleClient;
  /** Owner of `otherOrgId`, and nothing in `orgId`. */
  eve: ConsoleClient;
  orgId: string;
  otherOrgId: string;
}

/** The token at the end of an invitation link. */
export function tokenOf(url: string): string {
  const token = url.split('/console/#/invite/')[1];
  if (!token) throw new Error(`not an invitation link: ${url}`);
  return token;
}

/** Invites `email` to the organization as `inviter`; the link's token. */
export async function invite(inviter: ConsoleClient, orgId: string, email: string, role: InvitableRole): Promise<string> {
  const res = await inviter.post(`/orgs/${orgId}/invitations`, { email, role });
  if (res.statusCode !== 201) throw new Error(`invitation refused: ${res.statusCode} ${res.body}`);
  return tokenOf(res.json<{ url: string }>().url);
}

export async function invitedTeam(app: FastifyInstance): Promise<Team> {
  const ada = await signUp(app, 'ada@example.com', { name: 'Ada' });
  const [first] = (await ada.get('/orgs')).json<{ items: { id: string }[] }>().items;
  const orgId = first!.id;
  const bob = await signUp(app, 'bob@example.com', { invitationToken: await invite(ada, orgId, 'bob@example.com', 'admin') });
  const carol = await signUp(app, 'carol@example.com', { invitationToken: await invite(ada, orgId, 'carol@example.com', 'member') });
  const eve = await signUp(app, 'eve@example.com');
  const otherOrgId = (await eve.post('/orgs', { name: 'Eve corp' })).json<{ id: string }>().id;
  return { ada, bob, carol, eve, orgId, otherOrgId };
}
