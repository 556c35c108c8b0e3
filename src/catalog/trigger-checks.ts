/**
 * What a trigger file's schema cannot express, checked by the loader: slug and file name, the
 * poll interval, request templates against their argument templates (every argument sent, every
 * placeholder known), and the webhook subscriptions. Problems carry a JSON pointer into the file.
 */
import type { RequestTemplate } from './catalog-schema.js';
import type { SchemaProblem } from './json-schema-validator.js';
import { pathPlaceholders } from './request-template.js';
import { templatePlaceholders } from './trigger-template.js';
import type { TriggerFile } from './trigger-schema.js';

/** A request template against the names its arguments can have (also a credential method's verification request). */
export function requestProblems(req: RequestTemplate, args: ReadonlySet<string>, at: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const stray = req.path.replace(/\{[^{}]+\}/g, '');
  if (/[{}]/.test(stray)) problems.push({ path: `${at}/request/path`, message: 'has an unbalanced "{" or "}"' });
  const placeholders = pathPlaceholders(req.path);
  for (const p of placeholders) if (!args.has(p)) problems.push({ path: `${at}/request/path`, message: `placeholder {${p}} is not an argument` });
  (req.rawPathParams ?? []).forEach((p, i) => {
    if (!placeholders.includes(p)) problems.push({ path: `${at}/request/rawPathParams/${i}`, message: `"${p}" is not a placeholder of the path` });
  });
  (req.query ?? []).forEach((q, i) => {
    if (!args.has(q)) problems.push({ path: `${at}/request/query/${i}`, message: `"${q}" is not an argument` });
  });
  for (const [header, name] of Object.entries(req.headers ?? {})) {
    if (!args.has(name)) problems.push({ path: `${at}/request/headers/${header}`, message: `"${name}" is not an argument` });
  }
  const body = req.body ?? null;
  if (body !== null && (req.method === 'GET' || req.method === 'HEAD')) problems.push({ path: `${at}/request/body`, message: `must be null for ${req.method}` });
  const used = new Set([...placeholders, ...(req.query ?? []), ...Object.values(req.headers ?? {})]);
  if (body !== null && body !== 'all') {
    body.fields.forEach((f, i) => {
      if (!args.has(f)) problems.push({ path: `${at}/request/body/fields/${i}`, message: `"${f}" is not an argument` });
      used.add(f);
    });
  }
  if (body !== 'all') {
    for (const name of args) if (!used.has(name)) problems.push({ path: `${at}/arguments/${name}`, message: 'is not sent anywhere (not in path, query, headers or body)' });
  }
  return problems;
}

/** Placeholders of one argument template that the context does not offer. */
function placeholderProblems(template: Record<string, unknown>, at: string, allowed: (name: string) => boolean, where: string): SchemaProblem[] {
  return templatePlaceholders(template, at)
    .filter((p) => !allowed(p.name))
    .map((p) => ({ path: p.pointer, message: `placeholder {${p.name}} is not known ${where}` }));
}

export function checkTrigger(trigger: TriggerFile, fileName: string, toolkitSlug: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const prefix = `${toolkitSlug.toUpperCase()}_`;
  if (!trigger.slug.startsWith(prefix) || trigger.slug.length === prefix.length) {
    problems.push({ path: '/slug', message: `must start with the toolkit prefix ${prefix} followed by a suffix` });
  }
  if (fileName !== `${trigger.slug}.json`) problems.push({ path: '/slug', message: `must match the file name (expected ${trigger.slug}.json, found ${fileName})` });

  const configNames = new Set(Object.keys(trigger.config.properties));
  for (const [i, r] of (trigger.config.required ?? []).entries()) {
    if (!configNames.has(r)) problems.push({ path: `/config/required/${i}`, message: `names no config property "${r}"` });
  }
  for (const [i, r] of (trigger.payload.required ?? []).entries()) {
    if (!Object.hasOwn(trigger.payload.properties, r)) problems.push({ path: `/payload/required/${i}`, message: `names no payload property "${r}"` });
  }
  const isConfig = (name: string) => name.startsWith('config.') && configNames.has(name.slice('config.'.length));
  const configList = [...configNames].map((n) => `{config.${n}}`).join(', ');

  if (trigger.fetch) {
    const f = trigger.fetch;
    problems.push(...requestProblems(f.request, new Set(Object.keys(f.arguments)), '/fetch'));
    problems.push(...placeholderProblems(f.arguments, '/fetch/arguments', (n) => n === 'item.id' || isConfig(n), `in fetch arguments (known: {item.id}${configList ? `, ${configList}` : ''})`));
  }

  if (trigger.type === 'poll' && !trigger.poll) problems.push({ path: '/poll', message: 'is required for type "poll"' });
  if (trigger.type === 'webhook') {
    if (!trigger.webhook) problems.push({ path: '/webhook', message: 'is required for type "webhook"' });
    if (trigger.poll) problems.push({ path: '/poll', message: 'must be absent for type "webhook" (a polled trigger that webhooks also feed is type "poll")' });
  }
  if (trigger.type === 'poll' && trigger.poll) {
    const interval = trigger.config.properties.interval;
    if (!interval) problems.push({ path: '/config/properties', message: 'a poll trigger needs an "interval" property (minutes between polls)' });
    else if (interval.type !== 'number') problems.push({ path: '/config/properties/interval/type', message: 'must be "number" (minutes, fractions allowed)' });
    const poll = trigger.poll;
    const names = new Set([...Object.keys(poll.arguments), poll.paging.argument]);
    problems.push(...requestProblems(poll.request, names, '/poll'));
    problems.push(...placeholderProblems(poll.arguments, '/poll/arguments', (n) => n === 'since' || isConfig(n), `in poll arguments (known: {since}${configList ? `, ${configList}` : ''})`));
    problems.push(...placeholderProblems(poll.initial, '/poll/initial', isConfig, `in the first poll's arguments (known: ${configList || 'none'}; the first poll has no mark)`));
    for (const name of Object.keys(poll.initial)) {
      if (!Object.hasOwn(poll.arguments, name)) problems.push({ path: `/poll/initial/${name}`, message: `"${name}" is not one of poll.arguments` });
    }
    if (Object.hasOwn(poll.arguments, poll.paging.argument)) {
      problems.push({ path: '/poll/paging/argument', message: `"${poll.paging.argument}" is set by the poller; remove it from poll.arguments` });
    }
    if (!templatePlaceholders(poll.arguments).some((p) => p.name === 'since')) {
      problems.push({ path: '/poll/arguments', message: 'must use {since} somewhere, or every poll would read from the beginning' });
    }
    if (poll.fetch && !trigger.fetch) problems.push({ path: '/poll/fetch', message: 'is true but the trigger has no "fetch" to read items with' });
  }

  if (trigger.webhook) {
    const seen = new Set<string>();
    trigger.webhook.subscriptions.forEach((s, i) => {
      const key = `${s.type}\u0000${s.propertyName ?? ''}`;
      if (seen.has(key)) problems.push({ path: `/webhook/subscriptions/${i}`, message: `duplicate subscription ${s.type}${s.propertyName ? ` (${s.propertyName})` : ''}` });
      seen.add(key);
    });
  }
  return problems;
}
