/**
 * A project's events (what its webhook subscriptions receive, also kept for pulling), newest
 * first, filtered by type, paged. An event's own page (`…/events/<id>`) shows it as JSON and, for
 * owners and admins, sends it again to every subscription that wants its type.
 */
import { useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { Empty, ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { Pager } from '../components/pager';
import { canManage, formatDateTimeSeconds } from '../format';
import { useCursorPages, useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { href } from '../router';
import type { BrokerEvent, EventType, List, Page, Project, Redelivered } from '../types';
import { DataTable } from '../components/data-table';

/** What a trigger event is about: the trigger (type and instance), its connection and end user, and why it was disabled. */
function triggerSubjectOf(data: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const parts: string[] = [];
  const slug = text(data.triggerSlug);
  const instance = text(data.instanceId) ?? text(data.id);
  if (slug) parts.push(instance ? `${slug} (${instance})` : slug);
  const connection = text(data.connectionId) ?? text(data.connectedAccountId);
  if (connection) parts.push(`connection ${connection}`);
  const user = text(data.userId) ?? text(data.entityId);
  if (user) parts.push(`end user ${user}`);
  const reason = text(data.reason);
  if (reason) parts.push(`reason ${reason}`);
  return parts.join(', ');
}

/** What an event is about, in a few words: its connection for the connection events, its trigger and connection for trigger events. */
function subjectOf(e: BrokerEvent): string {
  if (e.type === 'trigger.event' || e.type === 'trigger.disabled') return triggerSubjectOf(e.data as Record<string, unknown>);
  const data = e.data as { id?: unknown; toolkit?: { slug?: unknown }; providerSlug?: unknown; entityId?: unknown; url?: unknown };
  const parts: string[] = [];
  if (typeof data.providerSlug === 'string') parts.push(data.providerSlug);
  if (typeof data.entityId === 'string') parts.push(`end user ${data.entityId}`);
  if (typeof data.url === 'string') parts.push(data.url);
  return parts.join(', ');
}

export function Events({ project, eventId }: { project: Project; eventId: string | undefined }) {
  if (eventId) return <EventPage key={eventId} project={project} eventId={eventId} />;
  return <EventList project={project} />;
}

function EventList({ project }: { project: Project }) {
  const { org } = useOrg();
  const base = `${projectPath(org.id, project.id)}/events` as const;
  const [type, setType] = useState('');
  const types = useLoad(() => api.get<List<EventType>>('/event-types'), []);
  const pages = useCursorPages((cursor) => api.get<Page<BrokerEvent>>(base, { type, cursor, limit: 25 }), [base, type]);
  const item = (e: BrokerEvent) => href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'events', item: e.id });
  return (
    <section aria-labelledby="events-heading">
      <h2 id="events-heading">Events</h2>
      <p class="muted">
        What happened in this project, as its{' '}
        <a href={href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'webhooks' })}>webhook subscriptions</a> receive it.
      </p>
      <div class="filters">
        <div class="field">
          <label for="event-type">Type</label>
          <select id="event-type" value={type} onChange={(e) => setType(e.currentTarget.value)} data-testid="event-type-filter">
            <option value="">Any type</option>
            {types.data?.items.map((t) => (
              <option key={t.type} value={t.type}>
                {t.type}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorNotice error={pages.error ?? types.error} />
      {pages.loading && !pages.data ? <Loading /> : null}
      {pages.data?.items.length === 0 ? <Empty>{type ? 'No events of this type.' : 'No events yet.'}</Empty> : null}
      {pages.data && pages.data.items.length > 0 ? (
        <DataTable testid="event-table" caption="Events" columns={['Time', 'Type', 'About']} actions>
          {pages.data.items.map((e) => (
            <tr key={e.id} data-testid="event-row" data-event-id={e.id} data-type={e.type}>
              <th scope="row" class="nowrap">
                {formatDateTimeSeconds(e.timestamp)}
              </th>
              <td>
                <code>{e.type}</code>
                <div class="muted small break">
                  <code>{e.id}</code>
                </div>
              </td>
              <td class="break">{subjectOf(e) || <span class="muted">—</span>}</td>
              <td class="actions">
                <a class="button button-small" href={item(e)} aria-label={`View ${e.id}`} data-testid="view-event">
                  View
                </a>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager pages={pages} label="Events" />
    </section>
  );
}

function EventPage({ project, eventId }: { project: Project; eventId: string }) {
  const { org } = useOrg();
  const path = `${projectPath(org.id, project.id)}/events/${encodeURIComponent(eventId)}` as const;
  const event = useLoad(() => api.get<BrokerEvent>(path), [path]);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const list = href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'events' });

  async function redeliver() {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await api.post<Redelivered>(`${path}/redeliver`, {});
      const queued = answer.deliveries.length;
      setDone(
        queued === 0
          ? 'No enabled subscription wants this type of event: nothing was sent.'
          : `The event is queued again for ${queued} subscription${queued === 1 ? '' : 's'}, with the same webhook-id.`,
      );
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="event-heading">
      <p class="breadcrumb">
        <a href={list}>Events</a>
        <span aria-hidden="true"> / </span>
      </p>
      <h2 id="event-heading">
        Event <code>{eventId}</code>
      </h2>
      <ErrorNotice error={event.error ?? error} />
      {event.loading && !event.data ? <Loading what="Loading the event" /> : null}
      {event.data ? (
        <>
          <dl class="facts">
            <div>
              <dt>Type</dt>
              <dd>
                <code>{event.data.type}</code>
              </dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>{formatDateTimeSeconds(event.data.timestamp)}</dd>
            </div>
          </dl>
          {canManage(org.role) ? (
            <div class="button-row">
              <button type="button" class="button" onClick={() => void redeliver()} disabled={busy} data-testid="redeliver-event">
                Redeliver to subscriptions
              </button>
            </div>
          ) : null}
          <SuccessNotice message={done} />
          <h3 class="section">Payload</h3>
          <p class="muted">The body its Standard Webhooks subscriptions receive (the same bytes on every attempt).</p>
          <pre class="json" data-testid="event-json" tabIndex={0} aria-label="Event payload as JSON">
            {JSON.stringify(event.data, null, 2)}
          </pre>
        </>
      ) : null}
    </section>
  );
}
