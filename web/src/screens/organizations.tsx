/** `#/orgs`: every organization the person belongs to, with their role, and a form for a new one. */
import { api } from '../api';
import { CreateOrgForm } from '../components/create-org-form';
import { Empty, ErrorNotice, Loading } from '../components/notice';
import { PageHeading } from '../components/page';
import { formatDate, ROLE_LABELS } from '../format';
import { useLoad } from '../hooks';
import { href } from '../router';
import type { List, Organization } from '../types';

export function Organizations() {
  const orgs = useLoad(() => api.get<List<Organization>>('/orgs'), []);
  return (
    <main id="main" class="main main-narrow" tabIndex={-1}>
      <PageHeading title="Organizations" />
      {orgs.loading && !orgs.data ? <Loading /> : null}
      <ErrorNotice error={orgs.error} />
      {orgs.data && orgs.data.items.length === 0 ? <Empty>You do not belong to an organization yet: create one below.</Empty> : null}
      {orgs.data && orgs.data.items.length > 0 ? (
        <ul class="card-list" data-testid="org-list">
          {orgs.data.items.map((o) => (
            <li key={o.id} class="card">
              <a href={href({ name: 'org', orgId: o.id, section: 'projects' })}>{o.name}</a>
              <span class="muted">
                {' '}
                · {ROLE_LABELS[o.role]} · since {formatDate(o.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <section class="section" aria-labelledby="new-org-heading">
        <h2 id="new-org-heading">New organization</h2>
        <CreateOrgForm />
      </section>
    </main>
  );
}
