/**
 * The page a user sees after the provider sends them back (when the caller gave no redirect URL),
 * or when the callback fails: the same look as the hosted connect pages (plugins/connect). It says
 * what happened in words and never shows internal ids.
 */
import type { CallbackOutcome } from '../../src/connections/oauth-callback-handler.js';
import { messagePage } from '../connect/page-layout.js';

export function renderCallbackPage(outcome: CallbackOutcome): string {
  return outcome.status === 'ACTIVE'
    ? messagePage({ title: 'Connected', message: outcome.message, tone: 'ok' })
    : messagePage({ title: 'Connection failed', message: outcome.message, tone: 'bad' });
}

/** The same page for an error the callback could not turn into an outcome (plugins/error-page.ts). */
export const renderCallbackError = (title: string, message: string): string => messagePage({ title, message, tone: 'bad' });
