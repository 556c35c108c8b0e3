/**
 * Every screen inside an organization: loads the organization (and the person's role in it) and
 * the list for the switcher, then shows the section navigation beside the screen. On a narrow
 * screen the navigation folds behind a Menu button.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, orgPath } from '../api';
import { ErrorNotice, Loading } from '../components/notice';
import { canManage, ROLE_LABELS } from '../format';
import { useLoad } from '../hooks';
import { OrgContext, type OrgState } from '../org-context';
import { href, navigate, type OrgSection, type Route } from '../router';
import type { List, Organization, OrganizationDetail } from '../types';
import { rememberOrganization } from './home';
import { Projects } from './projects';
import { Members } from './members';
import { UsageScreen } from './usage';
import { AuditLog } from './audit';
import { ToolkitPage, Toolkits } from './toolkits';
import { OrgSettings } from './org-settings';
import { ProjectPage } from './project';

type OrgRoute = Extract<Route, { name: 'org' | 'project' }>;

const SECTIONS: { section: OrgSection; label: string; managersOnly?: boolean }[] = [
  { section: 'projects', label: 'Projects' },
  { section: 'members', label: 'Members' },
  { section: 'usage', label: 'Usage' },
  { section: 'audit', label: 'Audit log', managersOnly: true },
  { section: 'toolkits', label: 'Toolkits' },
  { section: 'settings', label: 'Settings' },
];

export function OrgShell({ route }: { route: OrgRoute }) {
  const { orgId } = route;
  const detail = useLoad(() => api.get<OrganizationDetail>(orgPath(orgId)), [orgId]);
  const list = useLoad(() => api.get<List<Organization>>('/orgs'), [orgId]);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    setMenuOpen(false);
    if (detail.data) rememberOrganization(detail.data.id);
  }, [route, detail.data]);

  if (detail.error)
    return (
      <main id="main" class="main main-narrow" tabIndex={-1}>
        <h1>Organization unavailable</h1>
        <ErrorNotice error={detail.error} />
        <p>
          <a href="#/orgs">See your organizations</a>
        </p>
      </main>
    );
  // After a switch, the previous organization's details must not drive the new one's screens.
  if (!detail.data || detail.data.id !== orgId) return <Loading what="Loading the organization" />;

  const org = detail.data;
  const state: OrgState = {
    org,
    orgs: list.data?.items ?? [org],
    reload: () => {
      detail.reload();
      list.reload();
    },
  };
  const current = route.name === 'org' ? route.section : 'projects';
  return (
    <OrgContext.Provider value={state}>
      <div class="layout">
        <nav class={menuOpen ? 'sidebar sidebar-open' : 'sidebar'} aria-label="Organization">
          <div class="sidebar-head">
            <OrgSwitcher orgs={state.orgs} current={org} />
            <button
              type="button"
              class="button button-small menu-button"
              aria-expanded={menuOpen}
              aria-controls="org-sections"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              Menu
            </button>
          </div>
          <ul id="org-sections" class="sidebar-links">
            {SECTIONS.filter((s) => !s.managersOnly || canManage(org.role)).map((s) => (
              <li key={s.section}>
                <a
                  href={href({ name: 'org', orgId, section: s.section })}
                  aria-current={current === s.section ? 'page' : undefined}
                  data-testid={`nav-${s.section}`}
                >
                  {s.label}
                </a>
              </li>
            ))}
            <li>
              <a href="#/orgs">All organizations</a>
            </li>
          </ul>
          <p class="sidebar-role muted">Your role: {ROLE_LABELS[org.role]}</p>
        </nav>
        <main id="main" class="main" tabIndex={-1}>
          {route.name === 'project' ? (
            <ProjectPage projectId={route.projectId} tab={route.tab} item={route.item} />
          ) : (
            <Section section={route.section} item={route.item} />
          )}
        </main>
      </div>
    </OrgContext.Provider>
  );
}

function Section({ section, item }: { section: OrgSection; item: string | undefined }) {
  switch (section) {
    case 'projects':
      return <Projects />;
    case 'members':
      return <Members />;
    case 'usage':
      return <UsageScreen />;
    case 'audit':
      return <AuditLog />;
    case 'toolkits':
      return item ? <ToolkitPage key={item} slug={item} /> : <Toolkits />;
    case 'settings':
      return <OrgSettings />;
  }
}

function OrgSwitcher({ orgs, current }: { orgs: Organization[]; current: Organization }) {
  return (
    <div class="field org-switcher">
      <label for="org-switcher">Organization</label>
      <select
        id="org-switcher"
        value={current.id}
        onChange={(e) => navigate({ name: 'org', orgId: e.currentTarget.value, section: 'projects' })}
        data-testid="org-switcher"
      >
        {orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
