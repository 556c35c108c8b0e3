/** How the console writes dates, numbers and roles. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const number = new Intl.NumberFormat();

export const formatDateTime = (iso: string | null | undefined, never = 'Never'): string => (iso ? dateTime.format(new Date(iso)) : never);
/** With seconds: delivery attempts a few seconds apart. */
export const formatDateTimeSeconds = (iso: string): string => dateTimeSeconds.format(new Date(iso));
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));
export const formatNumber = (n: number): string => number.format(n);

export const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/** Admins and owners manage projects, keys, auth configs, connections and invitations. */
export const canManage = (role: string): boolean => role === 'owner' || role === 'admin';

/** The current UTC month as YYYY-MM (what the usage API defaults to). */
export const currentMonth = (): string => new Date().toISOString().slice(0, 7);
