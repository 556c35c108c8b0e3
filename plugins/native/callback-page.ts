/** The small page a user sees after the provider sends them back, or when the callback fails. */
import type { CallbackOutcome } from '../../src/connections/oauth-callback-handler.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, ok: boolean, message: string, connectionId?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}
h1{color:${ok ? '#17643a' : '#9b1c1c'}}code{background:#f3f3f3;padding:0 .2rem}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
${connectionId ? `<p>Connection: <code>${escapeHtml(connectionId)}</code></p>` : ''}
</body></html>`;
}

export function renderCallbackPage(outcome: CallbackOutcome): string {
  const ok = outcome.status === 'ACTIVE';
  return page(ok ? 'Connected' : 'Connection failed', ok, outcome.message, outcome.connectionId);
}

/** The same page for an error the callback could not turn into an outcome (plugins/error-page.ts). */
export const renderCallbackError = (title: string, message: string): string => page(title, false, message);
