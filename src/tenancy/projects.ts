/**
 * Projects: list, create, read, rename and set the redirect allow-list and the connection verifier
 * URL of the hosted connect page,
 * delete once empty. The console's routes declare who may (members read; admins and owners
 * change); the CLI acts as the operator. Each change is written with its audit entry in one
 * transaction.
 *
 * Names are unique per organization: a clash is 409 CONFLICT naming the project that has the name.
 * A project is deleted only when nothing depends on it any more (connections, auth configs, active
 * keys, webhook subscriptions: 409 naming what is left); its revoked keys and its event log are
 * deleted with it, its execution records stay
 * (project-repository.ts deleteProjectIfEmpty says why).
 */
import { createHmac } from 'node:crypto';
import type { IProject } from '../db/entities/index.js';
import type { TenancyRepositories } from '../db/repositories/tenancy.js';
import { BrokerError, badRequest, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { MAX_REDIRECT_URL_LENGTH, MAX_REDIRECT_URLS, type ProjectView, type UpdateProjectBody } from '../console/project-api-schemas.js';
import type { Actor } from './actor.js';
import type { OrganizationAccess, ProjectAccess } from './access.js';
import type { Audited, TenancyTx } from './audited.js';

export const projectView = (p: IProject): ProjectView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  allowedRedirectUrls: [...(p.allowedRedirectUrls ?? [])],
  connectionVerifierUrl: p.connectionVerifierUrl ?? null,
});

/**
 * The project's verifier signing secret, in the Standard Webhooks form (`whsec_` + base64). Derived
 * from SESSION_SECRET and the project id, so no secret is stored and every instance signs alike;
 * it changes when SESSION_SECRET is rotated.
 */
export function verifierSecret(sessionSecret: string, projectId: string): string {
  return `whsec_${createHmac('sha256', sessionSecret).update(`connection-verifier-v1:${projectId}`).digest('base64')}`;
}

/** A URL as shown in a message: what the caller sent, cut short. */
const shown = (url: string) => JSON.stringify(url.length > 200 ? `${url.slice(0, 200)}…` : url);

/**
 * The allow-list as stored: each entry trimmed, an absolute http(s) URL with a host, duplicates
 * dropped. The first bad entry is a 400 naming it and its position.
 */
export function checkRedirectUrls(urls: readonly string[]): string[] {
  if (urls.length > MAX_REDIRECT_URLS)
    throw badRequest(`allowedRedirectUrls holds at most ${MAX_REDIRECT_URLS} URLs; ${urls.length} were given`, {
      errors: [{ field: 'allowedRedirectUrls', message: `at most ${MAX_REDIRECT_URLS} URLs` }],
    });
  const out: string[] = [];
  urls.forEach((raw, i) => {
    const url = raw.trim();
    const field = `allowedRedirectUrls[${i}]`;
    const refuse = (why: string) => badRequest(`${field} ${shown(url)} ${why}`, { errors: [{ field, message: why }] });
    if (url.length > MAX_REDIRECT_URL_LENGTH) throw refuse(`is longer than ${MAX_REDIRECT_URL_LENGTH} characters`);
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    // The WHATWG parser turns `http:host` into http://host/: require the two slashes as written.
    if (!parsed || !/^https?:\/\//i.test(url) || !parsed.hostname) throw refuse('is not an absolute http(s) URL');
    if (!out.includes(url)) out.push(url);
  });
  return out;
}

/** A verifier URL as stored: trimmed, an absolute http(s) URL with a host; '' or null removes it. */
function checkVerifierUrl(raw: string | null): string | null {
  const url = raw?.trim() ?? '';
  if (url === '') return null;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:\/\//i.test(url) || !parsed.hostname) {
    throw badRequest(`connectionVerifierUrl ${shown(url)} is not an absolute http(s) URL`, {
      errors: [{ field: 'connectionVerifierUrl', message: 'is not an absolute http(s) URL' }],
    });
  }
  return url;
}

function nameOf(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest('name must not be blank', { errors: [{ field: 'name', message: 'is blank' }] });
  return name;
}

export function createProjects(deps: {
  repos: Pick<TenancyRepositories, 'projects'>;
  audited: Audited;
  /** The signing secret of a project's connection verifier calls (src/connections/link-trust.ts). */
  verifierSecret: (projectId: string) => string;
}) {
  const { repos, audited } = deps;

  async function assertNameFree(tx: TenancyTx, organizationId: string, name: string, exceptId?: string): Promise<void> {
    const existing = await tx.repos.projects.findProjectByName(organizationId, name);
    if (existing && existing.id !== exceptId) {
      const org = await tx.repos.projects.findOrganization({ id: organizationId });
      throw new BrokerError(
        'CONFLICT',
        `Organization "${org?.name ?? organizationId}" already has a project named "${name}" (${existing.id}); choose another name`,
      );
    }
  }

  /** A new project of the organization, in `tx`. */
  async function insert(tx: TenancyTx, organizationId: string, name: string, detailExtra: Record<string, unknown> = {}): Promise<IProject> {
    await assertNameFree(tx, organizationId, name);
    const project = await tx.repos.projects.insertProject({ id: newId('prj'), organizationId, name });
    await tx.audit({
      organizationId,
      projectId: project.id,
      action: 'project.created',
      targetType: 'project',
      targetId: project.id,
      detail: { name, ...detailExtra },
    });
    return project;
  }

  return {
    insert,

    /** The project `id` of any organization, or null (the native API's and the CLI's lookups). */
    find: (id: string): Promise<IProject | null> => repos.projects.findProject(id),

    /** Every project of every organization, oldest first (the CLI's list). */
    listAll: (): Promise<IProject[]> => repos.projects.listProjects(),

    async list(access: OrganizationAccess): Promise<ProjectView[]> {
      return (await repos.projects.listProjectsOf(access.organizationId)).map(projectView);
    },

    /** A new project of an existing organization (404 otherwise). */
    async create(actor: Actor, organizationId: string, rawName: string): Promise<IProject> {
      const name = nameOf(rawName);
      return audited.run(actor, async (tx) => {
        if (!(await tx.repos.projects.findOrganization({ id: organizationId })))
          throw notFound(`Organization ${organizationId} does not exist`, 'organization');
        return insert(tx, organizationId, name);
      });
    },

    /** Renames and/or replaces the redirect allow-list; one audit entry per kind of change. */
    async update(actor: Actor, access: ProjectAccess, input: UpdateProjectBody): Promise<ProjectView> {
      const { organizationId, project: before } = access;
      const projectId = before.id;
      const changes: Partial<Pick<IProject, 'name' | 'allowedRedirectUrls' | 'connectionVerifierUrl'>> = {};
      if (input.name !== undefined) {
        const name = nameOf(input.name);
        if (name !== before.name) changes.name = name;
      }
      if (input.allowedRedirectUrls !== undefined) {
        const urls = checkRedirectUrls(input.allowedRedirectUrls);
        if (JSON.stringify(urls) !== JSON.stringify(before.allowedRedirectUrls ?? [])) changes.allowedRedirectUrls = urls;
      }
      if (input.connectionVerifierUrl !== undefined) {
        const url = checkVerifierUrl(input.connectionVerifierUrl);
        if (url !== (before.connectionVerifierUrl ?? null)) changes.connectionVerifierUrl = url;
      }
      // Whoever sets the verifier URL is shown the secret its calls are signed with (it is derived, not stored).
      const withSecret = (view: ProjectView): ProjectView =>
        view.connectionVerifierUrl && input.connectionVerifierUrl
          ? { ...view, connectionVerifierSecret: deps.verifierSecret(projectId) }
          : view;
      if (Object.keys(changes).length === 0) return withSecret(projectView(before));
      await audited.run(actor, async (tx) => {
        if (changes.name !== undefined) await assertNameFree(tx, organizationId, changes.name, projectId);
        if (!(await tx.repos.projects.updateProject(projectId, changes))) throw notFound(`Project ${projectId} not found`, 'project');
        const event = { organizationId, projectId, targetType: 'project', targetId: projectId };
        if (changes.name !== undefined)
          await tx.audit({ ...event, action: 'project.renamed', detail: { from: before.name, to: changes.name } });
        if (changes.allowedRedirectUrls !== undefined)
          await tx.audit({
            ...event,
            action: 'project.settings_changed',
            detail: { setting: 'allowedRedirectUrls', before: before.allowedRedirectUrls ?? [], after: changes.allowedRedirectUrls },
          });
        if (changes.connectionVerifierUrl !== undefined)
          await tx.audit({
            ...event,
            action: 'project.settings_changed',
            detail: {
              setting: 'connectionVerifierUrl',
              before: before.connectionVerifierUrl ?? null,
              after: changes.connectionVerifierUrl,
            },
          });
      });
      return withSecret(projectView({ ...before, ...changes }));
    },

    async remove(actor: Actor, access: ProjectAccess): Promise<void> {
      const { organizationId, project } = access;
      const projectId = project.id;
      await audited.run(actor, async (tx) => {
        const result = await tx.repos.projects.deleteProjectIfEmpty(projectId);
        if (!result.deleted) {
          // What is left, each with what removes it.
          const left = (
            [
              [result.connections, 'connection', 'delete its connections'],
              [result.authConfigs, 'auth config', 'delete its auth configs'],
              [result.activeKeys, 'active API key', 'revoke its API keys'],
              [result.webhookSubscriptions, 'webhook subscription', 'delete its webhook subscriptions'],
            ] as const
          ).filter(([n]) => n > 0);
          if (left.length === 0) throw notFound(`Project ${projectId} not found`, 'project');
          const list = (items: string[]) =>
            items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items[0];
          throw new BrokerError(
            'CONFLICT',
            `Project "${project.name}" still has ${list(left.map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`))}: ` +
              `${list(left.map(([, , remedy]) => remedy))} first`,
            {
              connections: result.connections,
              authConfigs: result.authConfigs,
              activeKeys: result.activeKeys,
              webhookSubscriptions: result.webhookSubscriptions,
            },
          );
        }
        await tx.audit({
          organizationId,
          projectId,
          action: 'project.deleted',
          targetType: 'project',
          targetId: projectId,
          detail: { name: project.name },
        });
      });
    },
  };
}

export type Projects = ReturnType<typeof createProjects>;
