/**
 * A project's webhook subscriptions: the URLs the broker POSTs its signed events to. The list shows
 * each one's state, with a notice for those the broker disabled after days of failed deliveries;
 * a subscription's own page (`…/webhooks/<id>`) shows its deliveries log, every attempt with its
 * HTTP status, outcome, duration and the start of the receiver's answer, and redelivers an event.
 * Owners and admins create, send a test event, rotate the signing secret (shown once, with a copy
 * button, as on create), enable, disable and delete; members read.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, projectPath } from '../api';
import { StateBadge } from '../components/badges';
import { CopyButton } from '../components/copy-button';
import { ConfirmDialog, Dialog } from '../components/dialog';
import { Empty, ErrorNotice, Loading, SuccessNotice } from '../components/notice';
import { Pager } from '../components/pager';
import { useSubmit } from '../components/use-submit';
import { canManage, formatDateTime, formatDateTimeSeconds, formatNumber } from '../format';
import { useCursorPages, useLoad } from '../hooks';
import { useOrg } from '../org-context';
import { href } from '../router';
import type {
  EventType,
  List,
  Page,
  Project,
  Redelivered,
  SecretAnswer,
  TestEventSent,
  WebhookAttempt,
  WebhookSubscription,
} from '../types';
import { DataTable } from '../components/data-table';

type Base = `/orgs/${string}/projects/${string}/webhooks`;

/** Disabled by the broker after failing deliveries (not by a person): it says why. */
const disabledByBroker = (s: WebhookSubscription) => !s.enabled && s.disabledReason !== null;

function SubscriptionState({ s }: { s: WebhookSubscription }) {
  if (s.enabled) return <StateBadge label="Enabled" tone="ok" />;
  if (disabledByBroker(s)) return <StateBadge label="Disabled after failures" tone="error" />;
  return <StateBadge label="Disabled" tone="neutral" />;
}

const eventTypesText = (s: WebhookSubscription) => (s.eventTypes === null ? 'All events' : s.eventTypes.join(', '));

/** After a test event or a redelivery the worker sends within seconds: look again a little later. */
function useSoonReload(reload: () => void) {
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => clearTimeout(id)), []);
  return () => {
    for (const ms of [1000, 4000]) timers.current.push(window.setTimeout(reload, ms));
  };
}

export function Webhooks({ project, subscriptionId }: { project: Project; subscriptionId: string | undefined }) {
  const { org } = useOrg();
  const base: Base = `${projectPath(org.id, project.id)}/webhooks`;
  if (subscriptionId) return <SubscriptionPage key={subscriptionId} base={base} project={project} subscriptionId={subscriptionId} />;
  return <SubscriptionList base={base} project={project} />;
}

function SubscriptionList({ base, project }: { base: Base; project: Project }) {
  const { org } = useOrg();
  const manage = canManage(org.role);
  const pages = useCursorPages((cursor) => api.get<Page<WebhookSubscription>>(base, { cursor, limit: 25 }), [base]);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<SecretAnswer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const item = (s: WebhookSubscription) => href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'webhooks', item: s.id });
  const failed = pages.data?.items.filter(disabledByBroker) ?? [];

  async function sendTest(s: WebhookSubscription) {
    setError(null);
    setDone(null);
    try {
      const sent = await api.post<TestEventSent>(`${base}/${encodeURIComponent(s.id)}/test`);
      setDone(`A webhook.test event (${sent.eventId}) is on its way to ${s.url}. Its delivery shows in the subscription's log.`);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section aria-labelledby="webhooks-heading">
      <div class="section-head">
        <h2 id="webhooks-heading">Webhooks</h2>
        {manage ? (
          <button type="button" class="button button-primary" onClick={() => setCreating(true)} data-testid="create-webhook">
            Add subscription
          </button>
        ) : null}
      </div>
      <p class="muted">
        The broker POSTs this project's events to these URLs, signed the Standard Webhooks way, and retries a failed delivery for about a
        day. Every event is also in the <a href={href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'events' })}>Events</a>{' '}
        tab.
      </p>
      {failed.map((s) => (
        <div key={s.id} class="notice notice-warn" role="status" data-testid="webhook-disabled-notice">
          <a href={item(s)}>{s.url}</a> was disabled on {formatDateTime(s.disabledAt)} after its deliveries kept failing
          {s.disabledReason ? `: ${s.disabledReason}` : ''}. Fix the receiver, then enable the subscription again.
        </div>
      ))}
      <SuccessNotice message={done} />
      <ErrorNotice error={error ?? pages.error} />
      {pages.loading && !pages.data ? <Loading /> : null}
      {pages.data?.items.length === 0 ? <Empty>No webhook subscriptions yet.</Empty> : null}
      {pages.data && pages.data.items.length > 0 ? (
        <DataTable testid="webhook-table" caption="Webhook subscriptions" columns={['URL', 'Events', 'Status', 'Created']} actions>
          {pages.data.items.map((s) => (
            <tr key={s.id} data-testid="webhook-row" data-subscription-id={s.id}>
              <th scope="row" class="break">
                <a href={item(s)}>{s.url}</a>
                <div class="muted small">
                  <code>{s.id}</code>
                </div>
              </th>
              <td>{eventTypesText(s)}</td>
              <td>
                <SubscriptionState s={s} />
                {disabledByBroker(s) ? <div class="reason">{s.disabledReason}</div> : null}
              </td>
              <td class="nowrap">{formatDateTime(s.createdAt)}</td>
              <td class="actions">
                <a class="button button-small" href={item(s)} data-testid="webhook-deliveries-link">
                  Deliveries
                </a>
                {manage && s.enabled ? (
                  <button
                    type="button"
                    class="button button-small"
                    onClick={() => void sendTest(s)}
                    aria-label={`Send a test event to ${s.url}`}
                    data-testid="send-test-event"
                  >
                    Send test event
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager pages={pages} label="Webhook subscriptions" />
      {creating ? (
        <CreateSubscriptionDialog
          base={base}
          onCreated={(answer) => {
            setCreating(false);
            setSecret(answer);
            pages.reload();
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {secret ? <SecretDialog answer={secret} title="Your webhook signing secret" onClose={() => setSecret(null)} /> : null}
    </section>
  );
}

function CreateSubscriptionDialog({ base, onCreated, onClose }: { base: Base; onCreated: (a: SecretAnswer) => void; onClose: () => void }) {
  const types = useLoad(() => api.get<List<EventType>>('/event-types'), []);
  const [url, setUrl] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const submit = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (!all && chosen.length === 0) {
      submit.setError('Choose at least one event type, or send all events.');
      return;
    }
    // No eventTypes: every type, including those added later.
    void submit.run(async () => onCreated(await api.post<SecretAnswer>(base, { url: url.trim(), ...(all ? {} : { eventTypes: chosen }) })));
  };
  const toggle = (type: string, on: boolean) => setChosen((c) => (on ? [...c, type] : c.filter((t) => t !== type)));
  return (
    <Dialog title="Add a webhook subscription" onClose={onClose} testId="create-webhook-dialog">
      <form class="form" onSubmit={onSubmit}>
        <div class="dialog-body">
          <div class="field">
            <label for="webhook-url">Endpoint URL</label>
            <input
              id="webhook-url"
              type="url"
              required
              maxLength={2000}
              autofocus
              placeholder="https://your-server/webhooks/broker"
              aria-describedby="webhook-url-hint"
              value={url}
              onInput={(e) => setUrl(e.currentTarget.value)}
              data-testid="webhook-url"
            />
            <p id="webhook-url-hint" class="hint">
              Where the broker POSTs each event. It must answer 2xx within 15 seconds.
            </p>
          </div>
          <fieldset class="fieldset">
            <legend>Events to send</legend>
            <label class="choice">
              <input type="radio" name="webhook-events" checked={all} onChange={() => setAll(true)} data-testid="webhook-all-events" />
              All events, including types added later
            </label>
            <label class="choice">
              <input type="radio" name="webhook-events" checked={!all} onChange={() => setAll(false)} data-testid="webhook-some-events" />
              Only the types chosen below
            </label>
            <ErrorNotice error={types.error} />
            {types.data ? (
              <ul class="choice-list" aria-label="Event types">
                {types.data.items.map((t) => (
                  <li key={t.type}>
                    <label class="choice">
                      <input
                        type="checkbox"
                        disabled={all}
                        checked={all || chosen.includes(t.type)}
                        onChange={(e) => toggle(t.type, e.currentTarget.checked)}
                        data-testid="webhook-event-type"
                        value={t.type}
                      />
                      <span>
                        <code>{t.type}</code>
                        <span class="hint">{t.description}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>
          <ErrorNotice message={submit.error} />
        </div>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={submit.busy} data-testid="create-webhook-submit">
            Add subscription
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The signing secret, once: the broker keeps it in its vault and never shows it again. */
function SecretDialog({ answer, title, onClose }: { answer: SecretAnswer; title: string; onClose: () => void }) {
  return (
    <Dialog title={title} onClose={onClose} testId="webhook-secret-dialog">
      <div class="dialog-body">
        <p class="notice notice-warn">
          Copy this secret now and store it with your receiver. It is shown only once: the broker cannot show it again.
        </p>
        <label for="webhook-secret">Signing secret for {answer.subscription.url}</label>
        <div class="secret-row">
          <input id="webhook-secret" class="secret" readOnly value={answer.secret} data-testid="webhook-secret" />
          <CopyButton value={answer.secret} fieldId="webhook-secret" label="Copy secret" testId="copy-webhook-secret" />
        </div>
        <p class="hint">
          Verify each delivery with a Standard Webhooks library, e.g. in Node.js: <code>new Webhook(secret).verify(body, headers)</code>{' '}
          from the <code>standardwebhooks</code> package.
        </p>
      </div>
      <div class="dialog-actions">
        <button type="button" class="button button-primary" onClick={onClose} data-testid="close-webhook-secret">
          I stored it
        </button>
      </div>
    </Dialog>
  );
}

type Action = 'rotate' | 'disable' | 'delete';

const ACTION_TEXT: Record<Action, { title: string; confirm: string; text: string }> = {
  rotate: {
    title: 'Rotate the signing secret?',
    confirm: 'Rotate secret',
    text: 'A new secret is made and shown once. The current one keeps signing for 24 hours (deliveries carry both signatures), so update your receiver within that time.',
  },
  disable: {
    title: 'Disable this subscription?',
    confirm: 'Disable',
    text: 'Events that happen while it is disabled are not sent to it. Deliveries already queued stop as well.',
  },
  delete: {
    title: 'Delete this subscription?',
    confirm: 'Delete',
    text: 'Nothing more is sent to it, and its deliveries log and signing secret are deleted. This cannot be undone.',
  },
};

function SubscriptionPage({ base, project, subscriptionId }: { base: Base; project: Project; subscriptionId: string }) {
  const { org } = useOrg();
  const manage = canManage(org.role);
  const path = `${base}/${encodeURIComponent(subscriptionId)}` as const;
  const subscription = useLoad(() => api.get<WebhookSubscription>(path), [path]);
  const attempts = useCursorPages((cursor) => api.get<Page<WebhookAttempt>>(`${path}/deliveries`, { cursor, limit: 25 }), [path]);
  const soon = useSoonReload(attempts.reload);
  const [pending, setPending] = useState<Action | null>(null);
  const [secret, setSecret] = useState<SecretAnswer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const list = href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'webhooks' });

  async function act(what: () => Promise<unknown>, message?: string) {
    setError(null);
    setDone(null);
    try {
      await what();
      if (message) setDone(message);
    } catch (err) {
      setError(err);
    }
  }

  const sendTest = () =>
    act(async () => {
      const sent = await api.post<TestEventSent>(`${path}/test`);
      setDone(`A webhook.test event (${sent.eventId}) is on its way. Its attempts show below.`);
      soon();
    });

  const redeliver = (a: WebhookAttempt) =>
    act(async () => {
      await api.post<Redelivered>(`${projectPath(org.id, project.id)}/events/${encodeURIComponent(a.eventId)}/redeliver`, {
        subscriptionId,
      });
      soon();
    }, `Event ${a.eventId} is queued again for this subscription, with the same webhook-id.`);

  async function run(action: Action) {
    if (action === 'rotate') {
      setSecret(await api.post<SecretAnswer>(`${path}/rotate-secret`));
      setDone('The signing secret was rotated. The previous one keeps signing for 24 hours.');
    } else if (action === 'disable') {
      await api.patch(path, { enabled: false });
      setDone('The subscription is disabled.');
    } else {
      await api.del(path);
      location.hash = list;
      return;
    }
    subscription.reload();
  }

  if (subscription.error)
    return (
      <section aria-labelledby="webhook-heading">
        <h2 id="webhook-heading">Webhook subscription unavailable</h2>
        <ErrorNotice error={subscription.error} />
        <p>
          <a href={list}>Back to the webhook subscriptions</a>
        </p>
      </section>
    );
  const s = subscription.data;
  if (!s) return <Loading what="Loading the subscription" />;
  return (
    <section aria-labelledby="webhook-heading">
      <p class="breadcrumb">
        <a href={list}>Webhooks</a>
        <span aria-hidden="true"> / </span>
      </p>
      <div class="section-head">
        <h2 id="webhook-heading" class="break">
          {s.url}
        </h2>
      </div>
      {disabledByBroker(s) ? (
        <p class="notice notice-warn" role="status" data-testid="webhook-disabled-notice">
          The broker disabled this subscription on {formatDateTime(s.disabledAt)} after its deliveries kept failing: {s.disabledReason}. Fix
          the receiver, then enable it again.
        </p>
      ) : null}
      <dl class="facts" data-testid="webhook-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <SubscriptionState s={s} />
          </dd>
        </div>
        <div>
          <dt>Events</dt>
          <dd>{eventTypesText(s)}</dd>
        </div>
        <div>
          <dt>Subscription</dt>
          <dd>
            <code>{s.id}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(s.createdAt)}</dd>
        </div>
      </dl>
      {manage ? (
        <div class="button-row">
          {s.enabled ? (
            <button type="button" class="button" onClick={() => void sendTest()} data-testid="send-test-event">
              Send test event
            </button>
          ) : null}
          <button type="button" class="button" onClick={() => setPending('rotate')} data-testid="rotate-webhook-secret">
            Rotate secret
          </button>
          {s.enabled ? (
            <button type="button" class="button" onClick={() => setPending('disable')} data-testid="disable-webhook">
              Disable
            </button>
          ) : (
            <button
              type="button"
              class="button"
              onClick={() => void act(() => api.patch(path, { enabled: true }).then(subscription.reload), 'The subscription is enabled.')}
              data-testid="enable-webhook"
            >
              Enable
            </button>
          )}
          <button type="button" class="button button-danger-outline" onClick={() => setPending('delete')} data-testid="delete-webhook">
            Delete
          </button>
        </div>
      ) : null}
      <SuccessNotice message={done} />
      <ErrorNotice error={error} />

      <div class="section">
        <div class="section-head">
          <h3 id="deliveries-heading">Deliveries</h3>
          <button type="button" class="button button-small" onClick={attempts.reload} disabled={attempts.loading}>
            Refresh
          </button>
        </div>
        <p class="muted">Every attempt, newest first. A redelivery sends the event again with the same webhook-id.</p>
        <ErrorNotice error={attempts.error} />
        {attempts.loading && !attempts.data ? <Loading /> : null}
        {attempts.data?.items.length === 0 ? <Empty>Nothing was sent to this subscription yet.</Empty> : null}
        {attempts.data && attempts.data.items.length > 0 ? (
          <DataTable testid="delivery-table" caption="Delivery attempts" columns={['Time', 'Event', 'Result', 'Response']} actions={manage}>
            {attempts.data.items.map((a) => (
              <tr key={a.id} data-testid="delivery-row" data-event-id={a.eventId} data-outcome={a.outcome}>
                <th scope="row" class="nowrap">
                  {formatDateTimeSeconds(a.createdAt)}
                </th>
                <td>
                  <a
                    href={href({ name: 'project', orgId: org.id, projectId: project.id, tab: 'events', item: a.eventId })}
                    title={a.eventId}
                    aria-label={`${a.eventType ?? 'Event'} ${a.eventId}`}
                  >
                    <code>{a.eventType ?? a.eventId}</code>
                  </a>
                </td>
                <td>
                  <OutcomeBadge outcome={a.outcome} />
                  <div class="muted small nowrap">Attempt {a.attempt}</div>
                  <div class="muted small nowrap">
                    {a.statusCode === null ? 'No answer' : `HTTP ${a.statusCode}`} · {formatNumber(a.durationMs)} ms
                  </div>
                </td>
                <td class="excerpt">
                  {a.error && a.statusCode === null ? <div class="reason">{a.error}</div> : null}
                  {a.responseExcerpt ? (
                    <code class="small">{a.responseExcerpt}</code>
                  ) : a.statusCode === null ? null : (
                    <span class="muted">Empty</span>
                  )}
                </td>
                {manage ? (
                  <td class="actions">
                    <button
                      type="button"
                      class="button button-small"
                      onClick={() => void redeliver(a)}
                      aria-label={`Redeliver ${a.eventId}`}
                      data-testid="redeliver-event"
                    >
                      Redeliver
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        ) : null}
        <Pager pages={attempts} label="Deliveries" />
      </div>

      {pending ? (
        <ConfirmDialog
          title={ACTION_TEXT[pending].title}
          message={
            <p>
              <strong class="break">{s.url}</strong>. {ACTION_TEXT[pending].text}
            </p>
          }
          confirmLabel={ACTION_TEXT[pending].confirm}
          danger={pending === 'delete'}
          onConfirm={() => run(pending)}
          onClose={() => setPending(null)}
        />
      ) : null}
      {secret ? <SecretDialog answer={secret} title="Your new signing secret" onClose={() => setSecret(null)} /> : null}
    </section>
  );
}

const OUTCOME: Record<WebhookAttempt['outcome'], { label: string; tone: 'ok' | 'warn' | 'error' }> = {
  succeeded: { label: 'Succeeded', tone: 'ok' },
  retrying: { label: 'Will retry', tone: 'warn' },
  failed: { label: 'Failed', tone: 'error' },
};

function OutcomeBadge({ outcome }: { outcome: WebhookAttempt['outcome'] }) {
  const o = OUTCOME[outcome];
  return <StateBadge label={o.label} tone={o.tone} />;
}
