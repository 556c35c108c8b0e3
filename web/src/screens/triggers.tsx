/**
 * A project's trigger instances (issue 29): each one watches one connection for changes at the
 * provider and sends them as `trigger.event` events. The project's Triggers tab lists them with
 * filters (connection, trigger, enabled or disabled); the Connections tab shows one connection's
 * (`ConnectionTriggers`). Each row says what the instance watches, whether it runs (and why not),
 * and what it has been doing: last poll, last event, last error. Owners and admins enable,
 * disable (asked first) and delete (asked first); members read. Instances are created through
 * the API (`upsertTriggerInstance`), so the empty state shows how.
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { StateBadge } from '../components/badges';
import { ConfirmDialog } from '../components/dialog';
import { Empty, ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { Pager } from '../components/pager';
import { DataTable } from '../components/data-table';
import { canManage, formatDateTime } from '../format';
import { useCursorPages } from '../hooks';
import { useOrg } from '../org-context';
import { href } from '../router';
import type { Connection, Page, Project, TriggerInstance } from '../types';

type Status = '' | 'enabled' | 'disabled';
type Action = 'disable' | 'delete';

const ACTION_TEXT: Record<Action, { title: string; confirm: string; text: string }> = {
  disable: {
    title: 'Disable this trigger?',
    confirm: 'Disable',
    text: 'It stops watching the provider and sends no events until it is enabled again. When enabled, it starts from where the provider stands then: changes made meanwhile are not sent.',
  },
  delete: {
    title: 'Delete this trigger?',
    confirm: 'Delete',
    text: 'It stops watching the provider and is deleted. The events it already sent stay in the events log. This cannot be undone.',
  },
};

/** Why an instance is disabled, in words (the API's reasons are Composio's names). */
const REASON_TEXT: Record<string, string> = {
  user_disabled: 'Disabled by a person',
  connection_expired: 'Its connection expired; it resumes when the connection works again',
  connection_revoked: 'Its connection was revoked; it resumes when the end user connects again',
  connection_deleted: 'Its connection was deleted',
};

function reasonText(i: TriggerInstance): string | null {
  if (i.enabled || !i.disabledReason) return null;
  if (i.disabledReason.startsWith('polls_failed: '))
    return `Polls kept failing (${i.disabledReason.slice('polls_failed: '.length)}); enable it to try again`;
  return REASON_TEXT[i.disabledReason] ?? i.disabledReason;
}

function State({ i }: { i: TriggerInstance }) {
  if (i.enabled) return i.pollState === 'failed' ? <StateBadge label="Failing" tone="error" /> : <StateBadge label="Enabled" tone="ok" />;
  return i.disabledBy === 'system' ? (
    <StateBadge label="Disabled by the broker" tone="warn" />
  ) : (
    <StateBadge label="Disabled" tone="neutral" />
  );
}

/** Lists longer than this show their first values and how many more (the cell's title has them all). */
const LIST_SHOWN = 3;

/** The config as short `key: value` lines, the interval first; the full config is the cell's title. */
function configLines(config: Record<string, unknown>): string[] {
  const keys = Object.keys(config).sort((a, b) => (a === 'interval' ? -1 : b === 'interval' ? 1 : a.localeCompare(b)));
  return keys.map((k) => {
    const v = config[k];
    const text = Array.isArray(v)
      ? v.length > LIST_SHOWN
        ? `${v.slice(0, LIST_SHOWN).join(', ')} and ${v.length - LIST_SHOWN} more`
        : v.join(', ')
      : typeof v === 'object' && v !== null
        ? JSON.stringify(v)
        : String(v);
    return k === 'interval' ? `every ${text} min` : `${k}: ${text}`;
  });
}

/** How a first-time user makes one: the native API call, with this connection when there is one. */
function HowToCreate({ connection }: { connection?: Connection | undefined }) {
  const body = connection
    ? `{"triggerSlug": "${connection.providerSlug === 'hubspot' ? 'HUBSPOT_CONTACT_CREATED' : 'TRIGGER_SLUG'}", "connectedAccountId": "${connection.id}"}`
    : '{"triggerSlug": "HUBSPOT_CONTACT_CREATED", "entityId": "END_USER_ID"}';
  const command = `curl -X POST ${location.origin}/api/v1/trigger_instances \\\n  -H "x-api-key: $BROKER_API_KEY" -H "content-type: application/json" \\\n  -d '${body}'`;
  return (
    <div class="empty" data-testid="triggers-empty">
      <p>
        {connection ? 'No triggers watch this connection yet.' : 'No triggers in this project yet.'} A trigger watches one connection for
        changes at the provider (a new HubSpot contact, a new Bitly link) and sends each one as a <code>trigger.event</code> to the
        project's webhook subscriptions.
      </p>
      <p>Create one with a project API key (operation upsertTriggerInstance):</p>
      <pre class="json" tabIndex={0} aria-label="Command that creates a trigger">
        {command}
      </pre>
      <p>
        {connection ? (
          <>
            The trigger types of this toolkit: <code>GET /api/v1/trigger_types?toolkit={connection.providerSlug}</code>.{' '}
          </>
        ) : null}
        See <a href="/api/v1/docs#/triggers/upsertTriggerInstance">upsertTriggerInstance in the API reference</a> and the trigger instances
        guide (<code>docs/guides/trigger-instances.md</code>).
      </p>
    </div>
  );
}

interface TableProps {
  project: Project;
  connectionId?: string | undefined;
  triggerSlug?: string;
  status?: Status;
  /** The connection whose triggers these are (its own list hides the connection column). */
  connection?: Connection | undefined;
}

function TriggerTable({ project, connectionId, triggerSlug = '', status = '', connection }: TableProps) {
  const { org } = useOrg();
  const base = `${projectPath(org.id, project.id)}/trigger-instances` as const;
  const pages = useCursorPages(
    (cursor) => api.get<Page<TriggerInstance>>(base, { connectionId, triggerSlug, status, cursor, limit: 25 }),
    [base, connectionId, triggerSlug, status],
  );
  const [pending, setPending] = useState<{ action: Action; instance: TriggerInstance } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const manage = canManage(org.role);
  const item = (i: TriggerInstance) => `${base}/${encodeURIComponent(i.id)}` as const;
  const filtered = Boolean(triggerSlug || status || (connectionId && !connection));
  const ofConnection = connection !== undefined;

  async function enable(i: TriggerInstance) {
    setError(null);
    setDone(null);
    try {
      await api.patch(item(i), { enabled: true });
      setDone(`Trigger ${i.id} is enabled.`);
    } catch (err) {
      setError(err);
    }
    pages.reload();
  }

  async function run(action: Action, i: TriggerInstance) {
    if (action === 'disable') await api.patch(item(i), { enabled: false });
    else await api.del(item(i));
    setError(null);
    setDone(`Trigger ${i.id}: ${action === 'delete' ? 'deleted' : 'disabled'}.`);
    pages.reload();
  }

  const columns = ofConnection ? ['Trigger', 'State', 'Activity'] : ['Trigger', 'Connection', 'State', 'Activity'];
  return (
    <>
      <SuccessNotice message={done} />
      <ErrorNotice error={error ?? pages.error} />
      {pages.loading && !pages.data ? <Loading what="Loading the triggers" /> : null}
      {pages.data?.items.length === 0 ? filtered ? <Empty>No triggers match.</Empty> : <HowToCreate connection={connection} /> : null}
      {pages.data && pages.data.items.length > 0 ? (
        <DataTable testid={ofConnection ? 'connection-trigger-table' : 'trigger-table'} caption="Triggers" columns={columns} actions>
          {pages.data.items.map((i) => {
            const reason = reasonText(i);
            return (
              <tr
                key={i.id}
                data-testid="trigger-row"
                data-trigger-id={i.id}
                data-enabled={String(i.enabled)}
                data-connection-id={i.connectedAccountId}
              >
                <th scope="row" class="trigger-name">
                  {i.triggerName}
                  <div class="muted small break">
                    <code>{i.triggerSlug}</code>
                  </div>
                  <div class="muted small break">
                    <code>{i.id}</code>
                  </div>
                  <div class="small break trigger-config" title={JSON.stringify(i.config, null, 1)} data-testid="trigger-config">
                    {configLines(i.config).map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </div>
                </th>
                {ofConnection ? null : (
                  <td class="break">
                    <code>{i.connectedAccountId}</code>
                    <div class="muted small">
                      {i.toolkitSlug}, end user {i.entityId}
                    </div>
                  </td>
                )}
                <td class="trigger-state">
                  <State i={i} />
                  {reason ? (
                    <div class="reason" data-testid="trigger-reason">
                      {reason}
                    </div>
                  ) : null}
                </td>
                <td class="small trigger-activity">
                  <div>
                    <span class="muted">Last poll: </span>
                    {i.triggerType === 'webhook' && !i.lastPolledAt ? 'not polled' : formatDateTime(i.lastPolledAt)}
                  </div>
                  <div>
                    <span class="muted">Last event: </span>
                    {formatDateTime(i.lastEventAt)}
                  </div>
                  {i.nextPollAt ? (
                    <div>
                      <span class="muted">Next poll: </span>
                      {formatDateTime(i.nextPollAt)}
                    </div>
                  ) : null}
                  {i.lastError ? (
                    <div class="trigger-error break" data-testid="trigger-error">
                      <span class="muted">Last error{i.failures > 1 ? ` (${i.failures} in a row)` : ''}: </span>
                      {i.lastError}
                    </div>
                  ) : null}
                </td>
                <td class="actions">
                  {manage ? (
                    <>
                      {i.enabled ? (
                        <button type="button" class="button button-small" onClick={() => setPending({ action: 'disable', instance: i })}>
                          Disable
                        </button>
                      ) : (
                        <button type="button" class="button button-small" onClick={() => void enable(i)}>
                          Enable
                        </button>
                      )}
                      <button
                        type="button"
                        class="button button-small button-danger-outline"
                        onClick={() => setPending({ action: 'delete', instance: i })}
                      >
                        Delete
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      <Pager pages={pages} label="Triggers" />
      {pending ? (
        <ConfirmDialog
          title={ACTION_TEXT[pending.action].title}
          message={
            <p>
              {pending.instance.triggerName} (<code>{pending.instance.id}</code>) on connection{' '}
              <code>{pending.instance.connectedAccountId}</code>, end user {pending.instance.entityId}. {ACTION_TEXT[pending.action].text}
            </p>
          }
          confirmLabel={ACTION_TEXT[pending.action].confirm}
          danger={pending.action === 'delete'}
          onConfirm={() => run(pending.action, pending.instance)}
          onClose={() => setPending(null)}
        />
      ) : null}
    </>
  );
}

export function Triggers({ project }: { project: Project }) {
  const { org } = useOrg();
  const [status, setStatus] = useState<Status>('');
  const [connectionId, setConnectionId] = useState('');
  const [triggerSlug, setTriggerSlug] = useState('');
  const [applied, setApplied] = useState({ connectionId: '', triggerSlug: '' });
  return (
    <section aria-labelledby="triggers-heading">
      <h2 id="triggers-heading">Triggers</h2>
      <p class="muted">
        Each trigger watches one connection and sends what changes at the provider as events to the project's{' '}
        <a href={href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'webhooks' })}>webhook subscriptions</a> (see{' '}
        <a href={href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'events' })}>Events</a>).
      </p>
      <form
        class="filters"
        aria-label="Filter triggers"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ connectionId: connectionId.trim(), triggerSlug: triggerSlug.trim() });
        }}
      >
        <div class="field">
          <label for="trigger-status">Status</label>
          <select
            id="trigger-status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as Status)}
            data-testid="trigger-status-filter"
          >
            <option value="">Enabled and disabled</option>
            <option value="enabled">Enabled</option>
            <option value="disabled">Disabled</option>
          </select>
        </div>
        <div class="field">
          <label for="trigger-connection">Connection id</label>
          <input id="trigger-connection" value={connectionId} onInput={(e) => setConnectionId(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="trigger-slug">Trigger</label>
          <input
            id="trigger-slug"
            value={triggerSlug}
            placeholder="HUBSPOT_CONTACT_CREATED"
            onInput={(e) => setTriggerSlug(e.currentTarget.value)}
          />
        </div>
        <button type="submit" class="button">
          Filter
        </button>
      </form>
      <TriggerTable project={project} connectionId={applied.connectionId || undefined} triggerSlug={applied.triggerSlug} status={status} />
    </section>
  );
}

/** One connection's triggers, under the connections list (the Connections tab's "Triggers" button). */
export function ConnectionTriggers({ project, connection, onClose }: { project: Project; connection: Connection; onClose: () => void }) {
  return (
    <section class="section" aria-labelledby="connection-triggers-heading" data-testid="connection-triggers">
      <div class="section-head">
        <h2 id="connection-triggers-heading">
          Triggers of <code>{connection.id}</code>
        </h2>
        <button type="button" class="button button-small" onClick={onClose}>
          Close
        </button>
      </div>
      <p class="muted">
        {connection.providerSlug}, end user {connection.entityId}.
      </p>
      <TriggerTable key={connection.id} project={project} connectionId={connection.id} connection={connection} />
    </section>
  );
}
