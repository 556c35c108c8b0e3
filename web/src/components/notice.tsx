/** Messages around content: errors (announced at once), loading, and empty lists. */
import type { ComponentChildren } from 'preact';
import { errorMessage } from '../api';

export function ErrorNotice({ message, error }: { message?: string | null; error?: unknown }) {
  const text = message ?? (error === undefined || error === null ? null : errorMessage(error));
  if (!text) return null;
  return (
    <p class="notice notice-error" role="alert">
      {text}
    </p>
  );
}

export function SuccessNotice({ message }: { message: string | null }) {
  return (
    <p class="notice-live" role="status">
      {message ? <span class="notice notice-success">{message}</span> : null}
    </p>
  );
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p class="muted" role="status">
      {what}…
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}
