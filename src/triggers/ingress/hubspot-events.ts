/**
 * A HubSpot app webhook body: a JSON array of events (at most 100), each with `eventId`,
 * `portalId`, `subscriptionType`, `objectId`, `occurredAt` (ms) and, for property changes,
 * `propertyName` and `propertyValue`. Pure: bytes in, events or the first problem out.
 */

export interface HubspotEvent {
  eventId: string;
  portalId: string;
  subscriptionType: string;
  objectId: string;
  occurredAt: number;
  propertyName?: string;
  propertyValue?: string;
  /** The event object as sent (kept in the inbox). */
  raw: Record<string, unknown>;
}

/** HubSpot sends at most 100; a little room for a batch that grew, no room for abuse. */
export const MAX_EVENTS = 200;

const idOf = (v: unknown): string | undefined =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'string' && /^\d{1,30}$/.test(v)) ? String(v) : undefined;

export function parseHubspotEvents(rawBody: Buffer): { ok: true; events: HubspotEvent[] } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { ok: false, message: 'The body is not JSON' };
  }
  if (!Array.isArray(parsed)) return { ok: false, message: 'The body must be a JSON array of HubSpot events' };
  if (parsed.length > MAX_EVENTS) return { ok: false, message: `At most ${MAX_EVENTS} events per request` };
  const events: HubspotEvent[] = [];
  for (const [i, item] of parsed.entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return { ok: false, message: `Event ${i} is not an object` };
    const e = item as Record<string, unknown>;
    const eventId = idOf(e.eventId);
    const portalId = idOf(e.portalId);
    const objectId = idOf(e.objectId);
    // Within what a Date holds (the inbox stores it as one).
    const occurredAt =
      typeof e.occurredAt === 'number' && Number.isInteger(e.occurredAt) && Math.abs(e.occurredAt) <= 8.64e15 ? e.occurredAt : undefined;
    const subscriptionType = typeof e.subscriptionType === 'string' && e.subscriptionType.length <= 100 ? e.subscriptionType : undefined;
    if (!eventId || !portalId || !objectId || occurredAt === undefined || !subscriptionType)
      return { ok: false, message: `Event ${i} needs eventId, portalId, objectId, occurredAt and subscriptionType` };
    events.push({
      eventId,
      portalId,
      objectId,
      occurredAt,
      subscriptionType,
      ...(typeof e.propertyName === 'string' ? { propertyName: e.propertyName.slice(0, 200) } : {}),
      ...(e.propertyValue !== undefined && e.propertyValue !== null ? { propertyValue: String(e.propertyValue) } : {}),
      raw: e,
    });
  }
  return { ok: true, events };
}
