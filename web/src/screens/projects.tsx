/**
 * An organization's projects: the list (each opens the project's page) and, for owners and admins,
 * a form to create one. Renaming, redirect URLs and deletion are on the project's Settings tab.
 */
import { useState } from 'preact/hooks';
import { api, orgPath } from '../api';
import { Empty, ErrorNotice, Loading } from '../components/notice';
import { PageHeading } from '../components/page';
import { useSubmit } from '../components/use-submit';
import { canManage, formatDate } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { href, navigate } from '../router';
import type { List, Project } from '../types';
import { DataTable } from '../components/data-table';

export function Projects() {
  const { org } = useOrg();
  const projects = useLoad(() => api.get<List<Project>>(`${orgPath(org.id)}/projects`), [org.id]);
  return (
    <>
      <PageHeading title={`Projects · ${org.name}`} />
      {projects.loading && !projects.data ? <Loading /> : null}
      <ErrorNotice error={projects.error} />
      {projects.data?.items.length === 0 ? <Empty>No projects yet.</Empty> : null}
      {projects.data && projects.data.items.length > 0 ? (
        <DataTable testid="project-table" caption="Projects" columns={['Name', 'Created', 'Redirect URLs']}>
          {projects.data.items.map((p) => (
            <tr key={p.id} data-testid="project-row" data-project-id={p.id}>
              <th scope="row">
                <a href={href({ name: 'project', orgId: org.id, projectId: p.id, tab: 'api-keys' })}>{p.name}</a>
              </th>
              <td>{formatDate(p.createdAt)}</td>
              <td>{p.allowedRedirectUrls.length === 0 ? 'Any' : p.allowedRedirectUrls.length}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {canManage(org.role) ? <CreateProjectForm orgId={org.id} /> : null}
    </>
  );
}

function CreateProjectForm({ orgId }: { orgId: string }) {
  const [name, setName] = useState('');
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void submit.run(async () => {
      const project = await api.post<Project>(`${orgPath(orgId)}/projects`, { name: name.trim() });
      navigate({ name: 'project', orgId, projectId: project.id, tab: 'api-keys' });
    });
  };
  return (
    <section class="section" aria-labelledby="new-project-heading">
      <h2 id="new-project-heading">New project</h2>
      <form class="form form-inline" onSubmit={onSubmit} data-testid="create-project-form">
        <div class="field">
          <label for="new-project-name">Project name</label>
          <input
            id="new-project-name"
            required
            maxLength={200}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            data-testid="new-project-name"
          />
        </div>
        <button type="submit" class="button button-primary" disabled={submit.busy}>
          Create project
        </button>
        <ErrorNotice message={submit.error} />
      </form>
    </section>
  );
}
