/** A project's recent tool executions and proxy calls, newest first, filtered by kind, paged. */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { StateBadge } from '../components/badges';
import { Empty, ErrorNotice, Loading } from '../components/notice';
import { Pager } from '../components/pager';
import { formatDateTime, formatNumber } from '../format';
import { useCursorPages } from '../hooks';
import { useOrg } from '../org-context';
import type { Execution, Page, Project } from '../types';
import { DataTable } from '../components/data-table';

export function Executions({ project }: { project: Project }) {
  const { org } = useOrg();
  const base = `${projectPath(org.id, project.id)}/executions` as const;
  const [kind, setKind] = useState('');
  const pages = useCursorPages((cursor) => api.get<Page<Execution>>(base, { kind, cursor, limit: 25 }), [base, kind]);
  return (
    <section aria-labelledby="executions-heading">
      <h2 id="executions-heading">Recent executions</h2>
      <div class="filters">
        <div class="field">
          <label for="execution-kind">Kind</label>
          <select id="execution-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value)} data-testid="execution-kind-filter">
            <option value="">Tool executions and proxy calls</option>
            <option value="tool">Tool executions</option>
            <option value="proxy">Proxy calls</option>
          </select>
        </div>
      </div>
      <ErrorNotice error={pages.error} />
      {pages.loading && !pages.data ? <Loading /> : null}
      {pages.data?.items.length === 0 ? <Empty>Nothing ran in this project yet.</Empty> : null}
      {pages.data && pages.data.items.length > 0 ? (
        <DataTable
          testid="execution-table"
          caption="Recent executions"
          columns={['Time', 'Kind', 'Tool', 'Connection', 'Result', 'Duration']}
        >
          {pages.data.items.map((x) => (
            <tr key={x.id} data-testid="execution-row">
              <th scope="row" class="nowrap">
                {formatDateTime(x.createdAt)}
              </th>
              <td>{x.kind === 'tool' ? 'Tool' : 'Proxy'}</td>
              <td>
                {x.toolSlug ?? '—'} <span class="muted small">({x.toolkitSlug})</span>
              </td>
              <td>{x.connectionId ? <code>{x.connectionId}</code> : <span class="muted">Own credentials</span>}</td>
              <td>
                {x.successful ? <StateBadge label="Succeeded" tone="ok" /> : <StateBadge label="Failed" tone="error" />}{' '}
                <span class="muted small">
                  HTTP {x.status || '—'}
                  {x.errorCode ? ` · ${x.errorCode}` : ''}
                </span>
              </td>
              <td>{formatNumber(x.durationMs)} ms</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager pages={pages} label="Executions" />
    </section>
  );
}
