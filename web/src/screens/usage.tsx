/**
 * The organization's usage for a UTC month: totals, the quota (used, limit, when it resets), a
 * row per project and the daily chart. Tool executions and proxy calls both count toward the
 * quota; the agent planes answer 429 beyond it.
 */
import { useState } from 'preact/hooks';
import { api, orgPath } from '../api';
import { Empty, ErrorNotice, Loading } from '../components/notice';
import { PageHeading } from '../components/page';
import { UsageChart } from '../components/usage-chart';
import { currentMonth, formatDateTime, formatNumber } from '../format';
import { useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { href } from '../router';
import type { Usage } from '../types';

export function UsageScreen() {
  const { org } = useOrg();
  const [month, setMonth] = useState(currentMonth());
  const usage = useLoad(() => api.get<Usage>(`${orgPath(org.id)}/usage`, { month }), [org.id, month]);
  const u = usage.data;
  return (
    <>
      <PageHeading title="Usage" />
      <div class="filters">
        <div class="field">
          <label for="usage-month">Month</label>
          <input
            id="usage-month"
            type="month"
            value={month}
            max={currentMonth()}
            onChange={(e) => /^\d{4}-\d{2}$/.test(e.currentTarget.value) && setMonth(e.currentTarget.value)}
            data-testid="usage-month"
          />
        </div>
      </div>
      <ErrorNotice error={usage.error} />
      {usage.loading && !u ? <Loading /> : null}
      {u ? (
        <>
          <dl class="stats" data-testid="usage-totals">
            <div class="stat">
              <dt>Tool executions</dt>
              <dd>{formatNumber(u.totals.toolExecutions)}</dd>
            </div>
            <div class="stat">
              <dt>Proxy calls</dt>
              <dd>{formatNumber(u.totals.proxyCalls)}</dd>
            </div>
            <div class="stat">
              <dt>Active connections</dt>
              <dd>{formatNumber(u.totals.activeConnections)}</dd>
            </div>
          </dl>
          <QuotaBar quota={u.quota} />
          <section class="section" aria-labelledby="usage-chart-heading">
            <h2 id="usage-chart-heading">Day by day</h2>
            <UsageChart daily={u.daily} month={u.month} />
          </section>
          <section class="section" aria-labelledby="usage-projects-heading">
            <h2 id="usage-projects-heading">By project</h2>
            {u.projects.length === 0 ? (
              <Empty>No projects.</Empty>
            ) : (
              <div class="table-wrap">
                <table class="table" data-testid="usage-project-table">
                  <caption class="visually-hidden">Usage by project, {u.month}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Project</th>
                      <th scope="col">Tool executions</th>
                      <th scope="col">Proxy calls</th>
                      <th scope="col">Active connections</th>
                    </tr>
                  </thead>
                  <tbody>
                    {u.projects.map((p) => (
                      <tr key={p.projectId}>
                        <th scope="row">
                          <a href={href({ name: 'project', orgId: org.id, projectId: p.projectId, tab: 'executions' })}>{p.name}</a>
                        </th>
                        <td>{formatNumber(p.toolExecutions)}</td>
                        <td>{formatNumber(p.proxyCalls)}</td>
                        <td>{formatNumber(p.activeConnections)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}

function QuotaBar({ quota }: { quota: Usage['quota'] }) {
  const limit = quota.monthlyExecutions;
  const resets = `Resets ${formatDateTime(quota.resetsAt)}.`;
  if (limit === null)
    return (
      <p class="quota" data-testid="usage-quota">
        Used this month: {formatNumber(quota.used)} (tool executions and proxy calls). No monthly quota. {resets}
      </p>
    );
  const percent = limit === 0 ? 100 : Math.min(100, Math.round((quota.used / limit) * 100));
  const tone = percent >= 100 ? 'error' : percent >= 80 ? 'warn' : 'ok';
  return (
    <div class="quota" data-testid="usage-quota">
      <p id="quota-label">
        Quota: {formatNumber(quota.used)} of {formatNumber(limit)} tool executions and proxy calls used ({percent}%). {resets}
      </p>
      <div
        class={`quota-bar quota-${tone}`}
        role="progressbar"
        aria-labelledby="quota-label"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(quota.used, limit)}
      >
        <div class="quota-fill" style={{ width: `${percent}%` }} />
      </div>
      {percent >= 100 ? <p class="notice notice-error">The quota is used up: agents get 429 until it resets.</p> : null}
    </div>
  );
}
