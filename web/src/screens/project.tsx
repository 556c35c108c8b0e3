/**
 * A project's page: its name, then one tab per part (API keys, auth configs, connections, triggers, recent
 * executions, the playground, webhooks, events, settings). Tabs are links, so each has its own address and the Back button works.
 */
import { api, projectPath } from '../api';
import { ErrorNotice, Loading } from '../components/notice';
import { PageHeading } from '../components/page';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { href, type ProjectTab } from '../router';
import type { Project } from '../types';
import { ApiKeys } from './api-keys';
import { AuthConfigs } from './auth-configs';
import { Connections } from './connections';
import { Executions } from './executions';
import { Webhooks } from './webhooks';
import { Events } from './events';
import { Triggers } from './triggers';
import { ProjectSettings } from './project-settings';
import { Playground } from './playground';

const TABS: { tab: ProjectTab; label: string }[] = [
  { tab: 'api-keys', label: 'API keys' },
  { tab: 'auth-configs', label: 'Auth configs' },
  { tab: 'connections', label: 'Connections' },
  { tab: 'triggers', label: 'Triggers' },
  { tab: 'executions', label: 'Executions' },
  { tab: 'playground', label: 'Playground' },
  { tab: 'webhooks', label: 'Webhooks' },
  { tab: 'events', label: 'Events' },
  { tab: 'settings', label: 'Settings' },
];

export function ProjectPage({ projectId, tab, item }: { projectId: string; tab: ProjectTab; item?: string | undefined }) {
  const { org } = useOrg();
  const project = useLoad(() => api.get<Project>(projectPath(org.id, projectId)), [org.id, projectId]);
  if (project.error)
    return (
      <>
        <h1>Project unavailable</h1>
        <ErrorNotice error={project.error} />
        <p>
          <a href={href({ name: 'org', orgId: org.id, section: 'projects' })}>Back to the projects</a>
        </p>
      </>
    );
  if (!project.data || project.data.id !== projectId) return <Loading what="Loading the project" />;
  const p = project.data;
  return (
    <>
      <p class="breadcrumb">
        <a href={href({ name: 'org', orgId: org.id, section: 'projects' })}>Projects</a>
        <span aria-hidden="true"> / </span>
      </p>
      <PageHeading title={p.name} />
      <nav class="tabs" aria-label="Project">
        <ul>
          {TABS.map((t) => (
            <li key={t.tab}>
              <a
                href={href({ name: 'project', orgId: org.id, projectId, tab: t.tab })}
                aria-current={t.tab === tab ? 'page' : undefined}
                data-testid={`tab-${t.tab}`}
              >
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div class="tab-panel">
        <Tab tab={tab} item={item} project={p} onChanged={project.reload} />
      </div>
    </>
  );
}

function Tab({ tab, item, project, onChanged }: { tab: ProjectTab; item: string | undefined; project: Project; onChanged: () => void }) {
  switch (tab) {
    case 'api-keys':
      return <ApiKeys project={project} />;
    case 'auth-configs':
      return <AuthConfigs project={project} />;
    case 'connections':
      return <Connections project={project} />;
    case 'triggers':
      return <Triggers project={project} />;
    case 'executions':
      return <Executions project={project} executionId={item} />;
    case 'playground':
      return <Playground project={project} />;
    case 'webhooks':
      return <Webhooks project={project} subscriptionId={item} />;
    case 'events':
      return <Events project={project} eventId={item} />;
    case 'settings':
      return <ProjectSettings project={project} onChanged={onChanged} />;
  }
}
