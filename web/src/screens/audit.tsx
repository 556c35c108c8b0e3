/**
 * The organization's audit log (owners and admins): who changed what, newest first, paged. The
 * detail column shows what the broker recorded, which never holds a secret.
 */
import { api, orgPath } from '../api';
import { Empty, ErrorNotice, Loading } from '../components/notice';
import { PageHeading } from '../components/page';
import { Pager } from '../components/pager';
import { formatDateTime } from '../format';
import { useCursorPages } from '../hooks';
import { useOrg } from '../org-context';
import type { AuditEntry, Page } from '../types';
import { DataTable } from '../components/data-table';

const detailText = (detail: AuditEntry['detail']) =>
  detail
    ? Object.entries(detail)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(', ')
    : '';

export function AuditLog() {
  const { org } = useOrg();
  const base = `${orgPath(org.id)}/audit` as const;
  const pages = useCursorPages((cursor) => api.get<Page<AuditEntry>>(base, { cursor, limit: 50 }), [base]);
  return (
    <>
      <PageHeading title="Audit log" />
      <ErrorNotice error={pages.error} />
      {pages.loading && !pages.data ? <Loading /> : null}
      {pages.data?.items.length === 0 ? <Empty>Nothing recorded yet.</Empty> : null}
      {pages.data && pages.data.items.length > 0 ? (
        <DataTable testid="audit-table" caption="Audit log" columns={['Time', 'Who', 'Action', 'Target', 'Detail', 'Address']}>
          {pages.data.items.map((a) => (
            <tr key={a.id} data-testid="audit-row" data-action={a.action}>
              <th scope="row" class="nowrap">
                {formatDateTime(a.createdAt)}
              </th>
              <td>
                {a.actor ? (
                  (a.actor.email ?? a.actor.userId)
                ) : a.actorApiKey ? (
                  <span>API key {a.actorApiKey.name ?? a.actorApiKey.id}</span>
                ) : (
                  <span class="muted">Command line</span>
                )}
              </td>
              <td>
                <code>{a.action}</code>
              </td>
              <td>
                {a.targetType} <code class="small">{a.targetId}</code>
              </td>
              <td class="small">{detailText(a.detail)}</td>
              <td class="small">{a.ip ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager pages={pages} label="Audit log" />
    </>
  );
}
