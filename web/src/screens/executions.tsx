/**
 * A project's calls, newest first: tool executions, proxy calls and the calls refused before the
 * provider, filtered by outcome, end user, tool, toolkit and kind, paged. A row opens the call's
 * detail: its reason, request id (the `x-request-id` and the log lines' reqId), arguments and the
 * provider's response body (redacted and bounded by the broker, kept for a shorter time).
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { StateBadge } from '../components/badges';
import { Empty, ErrorNotice, Loading } from '../components/notice';
import { Pager } from '../components/pager';
import { formatDateTime, formatNumber } from '../format';
import { useCursorPages, useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { href, playgroundHref } from '../router';
import type { Execution, ExecutionDetail, Page, Project } from '../types';
import { DataTable } from '../components/data-table';

const OUTCOMES: Record<Execution['outcome'], { label: string; tone: 'ok' | 'error' | 'warn' }> = {
  succeeded: { label: 'Succeeded', tone: 'ok' },
  failed: { label: 'Provider error', tone: 'error' },
  error: { label: 'No answer', tone: 'error' },
  refused: { label: 'Refused', tone: 'warn' },
};

function Outcome({ x }: { x: Execution }) {
  const o = OUTCOMES[x.outcome];
  return <StateBadge label={o.label} tone={o.tone} />;
}

export function Executions({ project, executionId }: { project: Project; executionId?: string | undefined }) {
  return executionId ? <ExecutionPage project={project} executionId={executionId} /> : <ExecutionList project={project} />;
}

function ExecutionList({ project }: { project: Project }) {
  const { org } = useOrg();
  const base = `${projectPath(org.id, project.id)}/executions` as const;
  const [kind, setKind] = useState('');
  const [outcome, setOutcome] = useState('');
  const [entityId, setEntityId] = useState('');
  const [toolSlug, setToolSlug] = useState('');
  const [toolkitSlug, setToolkitSlug] = useState('');
  const pages = useCursorPages(
    (cursor) =>
      api.get<Page<Execution>>(base, {
        kind,
        outcome,
        entityId: entityId.trim(),
        toolSlug: toolSlug.trim().toUpperCase(),
        toolkitSlug: toolkitSlug.trim().toLowerCase(),
        cursor,
        limit: 25,
      }),
    [base, kind, outcome, entityId, toolSlug, toolkitSlug],
  );
  const detail = (x: Execution) => href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'executions', item: x.id });
  const filtered = Boolean(kind || outcome || entityId || toolSlug || toolkitSlug);
  return (
    <section aria-labelledby="executions-heading">
      <h2 id="executions-heading">Executions</h2>
      <p class="muted">
        Every call your agents made, including those refused before reaching the provider. Open one to see why it failed, its arguments and
        the provider's answer.
      </p>
      <div class="filters">
        <div class="field">
          <label for="execution-outcome">Outcome</label>
          <select
            id="execution-outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.currentTarget.value)}
            data-testid="execution-outcome-filter"
          >
            <option value="">Any</option>
            <option value="succeeded">Succeeded</option>
            <option value="failed">Provider error</option>
            <option value="error">No answer (timeout, network)</option>
            <option value="refused">Refused before the provider</option>
          </select>
        </div>
        <div class="field">
          <label for="execution-kind">Kind</label>
          <select id="execution-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value)} data-testid="execution-kind-filter">
            <option value="">Tools and proxy calls</option>
            <option value="tool">Tool executions</option>
            <option value="proxy">Proxy calls</option>
          </select>
        </div>
        <div class="field">
          <label for="execution-entity">End user</label>
          <input
            id="execution-entity"
            value={entityId}
            onChange={(e) => setEntityId(e.currentTarget.value)}
            data-testid="execution-entity-filter"
          />
        </div>
        <div class="field">
          <label for="execution-tool">Tool</label>
          <input
            id="execution-tool"
            value={toolSlug}
            placeholder="HUBSPOT_CONTACTS_CREATE"
            onChange={(e) => setToolSlug(e.currentTarget.value)}
            data-testid="execution-tool-filter"
          />
        </div>
        <div class="field">
          <label for="execution-toolkit">Toolkit</label>
          <input
            id="execution-toolkit"
            value={toolkitSlug}
            placeholder="hubspot"
            onChange={(e) => setToolkitSlug(e.currentTarget.value)}
            data-testid="execution-toolkit-filter"
          />
        </div>
      </div>
      <ErrorNotice error={pages.error} />
      {pages.loading && !pages.data ? <Loading /> : null}
      {pages.data?.items.length === 0 ? (
        <Empty>{filtered ? 'No calls match these filters.' : 'Nothing ran in this project yet.'}</Empty>
      ) : null}
      {pages.data && pages.data.items.length > 0 ? (
        <DataTable testid="execution-table" caption="Executions" columns={['Time', 'Tool', 'End user', 'Result', 'Duration']}>
          {pages.data.items.map((x) => (
            <tr key={x.id} data-testid="execution-row">
              <th scope="row" class="nowrap">
                {/* The time opens the call's detail (no button column: the table fits at 1280 px). */}
                <a href={detail(x)} aria-label={`View the call of ${formatDateTime(x.createdAt)}`} data-testid="view-execution">
                  {formatDateTime(x.createdAt)}
                </a>
              </th>
              <td>
                {x.kind === 'tool' ? (x.toolSlug ?? '—') : 'Proxy call'}{' '}
                {x.toolkitSlug ? <span class="muted small">({x.toolkitSlug})</span> : null}
              </td>
              <td>{x.entityId ?? <span class="muted">—</span>}</td>
              <td>
                <Outcome x={x} />{' '}
                <span class="muted small">
                  {x.status ? `HTTP ${x.status}` : ''}
                  {x.errorCode ? `${x.status ? ' · ' : ''}${x.errorCode}` : ''}
                </span>
                {x.errorMessage ? <div class="small">{x.errorMessage}</div> : null}
              </td>
              <td class="nowrap">{formatNumber(x.durationMs)} ms</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager pages={pages} label="Executions" />
    </section>
  );
}

/** Pretty-prints stored JSON text; a body cut short (not JSON any more) is shown as stored. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function ExecutionPage({ project, executionId }: { project: Project; executionId: string }) {
  const { org } = useOrg();
  const path = `${projectPath(org.id, project.id)}/executions/${encodeURIComponent(executionId)}` as const;
  const execution = useLoad(() => api.get<ExecutionDetail>(path), [path]);
  const list = href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'executions' });
  const x = execution.data;
  return (
    <section aria-labelledby="execution-heading">
      <p class="breadcrumb">
        <a href={list}>Executions</a>
        <span aria-hidden="true"> / </span>
      </p>
      <h2 id="execution-heading">{x ? (x.kind === 'tool' ? (x.toolSlug ?? 'Tool execution') : 'Proxy call') : 'Execution'}</h2>
      <ErrorNotice error={execution.error} />
      {execution.loading && !x ? <Loading what="Loading the execution" /> : null}
      {x ? (
        <>
          <dl class="facts" data-testid="execution-facts">
            <div>
              <dt>Result</dt>
              <dd>
                <Outcome x={x} /> {x.status ? <span class="muted small">HTTP {x.status}</span> : null}
              </dd>
            </div>
            {x.errorCode ? (
              <div>
                <dt>Error</dt>
                <dd data-testid="execution-error">
                  <code>{x.errorCode}</code> {x.errorMessage}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Time</dt>
              <dd>
                {formatDateTime(x.createdAt)} · {formatNumber(x.durationMs)} ms
              </dd>
            </div>
            <div>
              <dt>End user</dt>
              <dd>{x.entityId ?? '—'}</dd>
            </div>
            <div>
              <dt>Connection</dt>
              <dd>{x.connectionId ? <code>{x.connectionId}</code> : <span class="muted">None</span>}</dd>
            </div>
            <div>
              <dt>Request id</dt>
              <dd>
                {x.requestId ? <code data-testid="execution-request-id">{x.requestId}</code> : '—'}
                <div class="muted small">The x-request-id of the answer, and the reqId of the broker's log lines.</div>
              </dd>
            </div>
          </dl>
          {x.kind === 'tool' && x.toolSlug && x.toolkitSlug ? (
            <p>
              <a
                href={playgroundHref(org.id, project.id, { tool: x.toolSlug, connection: x.connectionId || undefined })}
                data-testid="execution-playground"
              >
                Try {x.toolSlug} in the Playground
              </a>
            </p>
          ) : null}
          {x.detailKept ? null : (
            <p class="muted" data-testid="execution-detail-gone">
              The arguments and the response body are no longer kept (the broker keeps them for a shorter time than this summary).
            </p>
          )}
          <h3 class="section">{x.kind === 'tool' ? 'Arguments' : 'Request'}</h3>
          {x.input ? (
            <pre class="json" data-testid="execution-input" tabIndex={0} aria-label="Arguments as JSON">
              {pretty(x.input)}
            </pre>
          ) : (
            <p class="muted">None.</p>
          )}
          <h3 class="section">Provider response body</h3>
          {x.response ? (
            <pre class="json" data-testid="execution-response" tabIndex={0} aria-label="Provider response body as JSON">
              {pretty(x.response)}
            </pre>
          ) : (
            <p class="muted">{x.outcome === 'refused' ? 'None: the call was refused before it reached the provider.' : 'None.'}</p>
          )}
          <p class="muted small">Secrets are redacted as in the broker's logs; long bodies are cut with a marker.</p>
        </>
      ) : null}
    </section>
  );
}
