/**
 * Projects as people manage them in the console: list, create, rename, the redirect allow-list of
 * the hosted connect page, and delete once empty. Members read; admins and owners change. Every
 * change lands in the organization's audit log.
 *
 * Names are unique per organization: a clash is 409 CONFLICT naming the project that has the name.
 * A project is deleted only when nothing depends on it any more (connections, auth configs, active
 * keys: 409 naming what is left); its revoked keys are deleted with it, its execution records stay
 * (project-repository.ts deleteProjectIfEmpty says why).
 */
import type { IProject } from '../db/entities/index.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import { BrokerError, badRequest, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Actor, AuditService } from './audit-service.js';
import type { OrganizationAccess } from './organization-access.js';
import type { ProjectScope } from './project-scope.js';
import { MAX_REDIRECT_URL_LENGTH, MAX_REDIRECT_URLS, type ProjectView, type UpdateProjectBody } from './project-api-schemas.js';

export const projectView = (p: IProject): ProjectView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  allowedRedirectUrls: [...(p.allowedRedirectUrls ?? [])],
});

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

export function createConsoleProjectService(deps: {
  projects: Pick<ProjectRepository, 'findProjectByName' | 'insertProject' | 'listProjectsOf' | 'updateProject' | 'deleteProjectIfEmpty'>;
  orgAccess: Pick<OrganizationAccess, 'require'>;
  scope: ProjectScope;
  audit: Pick<AuditService, 'record'>;
}) {
  const { projects, scope, audit } = deps;

  async function assertNameFree(organizationId: string, name: string, exceptId?: string): Promise<void> {
    const existing = await projects.findProjectByName(organizationId, name);
    if (existing && existing.id !== exceptId)
      throw new BrokerError('CONFLICT', `This organization already has a project named "${name}" (${existing.id}); choose another name`);
  }

  function nameOf(raw: string): string {
    const name = raw.trim();
    if (!name) throw badRequest('name must not be blank', { errors: [{ field: 'name', message: 'is blank' }] });
    return name;
  }

  return {
    async list(userId: string, organizationId: string): Promise<ProjectView[]> {
      await deps.orgAccess.require(userId, organizationId, 'member');
      return (await projects.listProjectsOf(organizationId)).map(projectView);
    },

    async get(userId: string, organizationId: string, projectId: string): Promise<ProjectView> {
      return projectView(await scope.require(userId, organizationId, projectId, 'member'));
    },

    async create(actor: Actor, organizationId: string, rawName: string): Promise<ProjectView> {
      await deps.orgAccess.require(actor.userId, organizationId, 'admin');
      const name = nameOf(rawName);
      await assertNameFree(organizationId, name);
      const project = await projects.insertProject({ id: newId('prj'), organizationId, name });
      await audit.record(actor, {
        organizationId,
        projectId: project.id,
        action: 'project.created',
        targetType: 'project',
        targetId: project.id,
        detail: { name },
      });
      return projectView(project);
    },

    /** Renames and/or replaces the redirect allow-list; one audit entry per kind of change. */
    async update(actor: Actor, organizationId: string, projectId: string, input: UpdateProjectBody): Promise<ProjectView> {
      const before = await scope.require(actor.userId, organizationId, projectId, 'admin');
      const changes: Partial<Pick<IProject, 'name' | 'allowedRedirectUrls'>> = {};
      if (input.name !== undefined) {
        const name = nameOf(input.name);
        if (name !== before.name) {
          await assertNameFree(organizationId, name, projectId);
          changes.name = name;
        }
      }
      if (input.allowedRedirectUrls !== undefined) {
        const urls = checkRedirectUrls(input.allowedRedirectUrls);
        if (JSON.stringify(urls) !== JSON.stringify(before.allowedRedirectUrls ?? [])) changes.allowedRedirectUrls = urls;
      }
      if (Object.keys(changes).length === 0) return projectView(before);
      if (!(await projects.updateProject(projectId, changes))) throw notFound(`Project ${projectId} not found`, 'project');
      const event = { organizationId, projectId, targetType: 'project', targetId: projectId };
      if (changes.name !== undefined)
        await audit.record(actor, { ...event, action: 'project.renamed', detail: { from: before.name, to: changes.name } });
      if (changes.allowedRedirectUrls !== undefined)
        await audit.record(actor, {
          ...event,
          action: 'project.settings_changed',
          detail: { setting: 'allowedRedirectUrls', before: before.allowedRedirectUrls ?? [], after: changes.allowedRedirectUrls },
        });
      return projectView({ ...before, ...changes });
    },

    async remove(actor: Actor, organizationId: string, projectId: string): Promise<void> {
      const project = await scope.require(actor.userId, organizationId, projectId, 'admin');
      const result = await projects.deleteProjectIfEmpty(projectId);
      if (!result.deleted) {
        // What is left, each with what removes it.
        const left = (
          [
            [result.connections, 'connection', 'delete its connections'],
            [result.authConfigs, 'auth config', 'delete its auth configs'],
            [result.activeKeys, 'active API key', 'revoke its API keys'],
          ] as const
        ).filter(([n]) => n > 0);
        if (left.length === 0) throw notFound(`Project ${projectId} not found`, 'project');
        const list = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items[0]);
        throw new BrokerError(
          'CONFLICT',
          `Project "${project.name}" still has ${list(left.map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`))}: ` +
            `${list(left.map(([, , remedy]) => remedy))} first`,
          { connections: result.connections, authConfigs: result.authConfigs, activeKeys: result.activeKeys },
        );
      }
      await audit.record(actor, {
        organizationId,
        projectId,
        action: 'project.deleted',
        targetType: 'project',
        targetId: projectId,
        detail: { name: project.name },
      });
    },
  };
}
