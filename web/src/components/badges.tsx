/**
 * Status badges: a connection's status (with its reason beside it when there is one), and
 * enabled / disabled / revoked states. Each pairs a word with its colour, never colour alone.
 */
import type { ConnectionStatus } from '../types';

const STATUS_TONE: Record<ConnectionStatus, string> = {
  ACTIVE: 'ok',
  INITIATED: 'info',
  PENDING: 'info',
  FAILED: 'error',
  EXPIRED: 'warn',
  REVOKED: 'neutral',
};

export function StatusBadge({ status }: { status: ConnectionStatus }) {
  return <span class={`badge badge-${STATUS_TONE[status] ?? 'neutral'}`}>{status}</span>;
}

export function StateBadge({ label, tone }: { label: string; tone: 'ok' | 'warn' | 'error' | 'info' | 'neutral' }) {
  return <span class={`badge badge-${tone}`}>{label}</span>;
}

export const EnabledBadge = ({ disabled }: { disabled: boolean }) =>
  disabled ? <StateBadge label="Disabled" tone="neutral" /> : <StateBadge label="Enabled" tone="ok" />;
