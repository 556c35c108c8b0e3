/**
 * An organization's usage for the console: tool executions and proxy calls of a UTC month (in
 * total, per project, per day), connections usable now, and the monthly execution quota as it
 * stands this month. Counted in SQL (src/db/repositories/usage-repository.ts), never by loading
 * execution rows. Holds numbers and project names only.
 */
import type { Clock } from '../clock.js';
import type { Organizations } from '../tenancy/organizations.js';
import type { UsageRepository } from '../db/repositories/usage-repository.js';
import { badRequest, notFound } from '../errors.js';
import { monthStartUtc, nextMonthStartUtc } from '../tools/execution-quota.js';

const DAY_MS = 86_400_000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface UsageCounts {
  toolExecutions: number;
  proxyCalls: number;
}

export interface OrganizationUsage {
  /** `YYYY-MM` (UTC). */
  month: string;
  totals: UsageCounts & { activeConnections: number };
  quota: {
    /** null = unlimited. */
    monthlyExecutions: number | null;
    /** Tool executions plus proxy calls of the current month. */
    used: number;
    /** The first instant of the next UTC month, ISO 8601. */
    resetsAt: string;
  };
  /** Every project of the organization, oldest first, with zeros where nothing happened. */
  projects: (UsageCounts & { projectId: string; name: string; activeConnections: number })[];
  /** Every day of the month, in order. */
  daily: (UsageCounts & { date: string })[];
}

const monthName = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** [start, end) of `YYYY-MM`, or of the clock's month when absent. */
function monthRange(month: string | undefined, now: number): { start: number; end: number } {
  if (month === undefined) return { start: monthStartUtc(now), end: nextMonthStartUtc(now) };
  const m = MONTH.exec(month);
  if (!m) {
    const shown = month.length > 20 ? `${month.slice(0, 20)}…` : month;
    throw badRequest(`month must be a UTC month written YYYY-MM, e.g. 2026-11 (got "${shown}")`, {
      errors: [{ field: 'month', message: 'must be YYYY-MM' }],
    });
  }
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
  return { start, end: nextMonthStartUtc(start) };
}

export function createUsageService(deps: {
  usage: Pick<UsageRepository, 'executionBuckets' | 'countExecutions' | 'activeConnections' | 'projectsOf'>;
  organizations: Pick<Organizations, 'find'>;
  clock: Clock;
}) {
  const { usage, clock } = deps;

  return {
    /** Usage of `month` (`YYYY-MM`, default the current UTC month); 400 naming a bad month. */
    async forOrganization(organizationId: string, month?: string): Promise<OrganizationUsage> {
      const now = clock.now();
      const { start, end } = monthRange(month, now);
      const organization = await deps.organizations.find(organizationId);
      if (!organization) throw notFound(`Organization ${organizationId} not found`, 'organization');
      const current = { start: monthStartUtc(now), end: nextMonthStartUtc(now) };
      const [projects, buckets, active, usedThisMonth] = await Promise.all([
        usage.projectsOf(organizationId),
        usage.executionBuckets(organizationId, new Date(start), new Date(end)),
        usage.activeConnections(organizationId),
        // The quota is this month's: counted apart only when another month is shown.
        start === current.start ? undefined : usage.countExecutions(organizationId, new Date(current.start), new Date(current.end)),
      ]);

      const byProject = new Map<string, UsageCounts>(projects.map((p) => [p.id, { toolExecutions: 0, proxyCalls: 0 }]));
      const firstDay = start / DAY_MS;
      const daily = Array.from({ length: Math.round((end - start) / DAY_MS) }, (_, i) => ({
        date: new Date(start + i * DAY_MS).toISOString().slice(0, 10),
        toolExecutions: 0,
        proxyCalls: 0,
      }));
      const totals = { toolExecutions: 0, proxyCalls: 0, activeConnections: 0 };
      for (const b of buckets) {
        const field = b.kind === 'tool' ? 'toolExecutions' : 'proxyCalls';
        totals[field] += b.count;
        const day = daily[b.day - firstDay];
        if (day) day[field] += b.count;
        // Absent only for a project created between the two reads.
        const project = byProject.get(b.projectId);
        if (project) project[field] += b.count;
      }
      for (const n of active.values()) totals.activeConnections += n;

      return {
        month: monthName(start),
        totals,
        quota: {
          monthlyExecutions: organization.monthlyExecutionQuota ?? null,
          used: usedThisMonth ?? totals.toolExecutions + totals.proxyCalls,
          resetsAt: new Date(current.end).toISOString(),
        },
        projects: projects.map((p) => ({
          projectId: p.id,
          name: p.name,
          ...byProject.get(p.id)!,
          activeConnections: active.get(p.id) ?? 0,
        })),
        daily,
      };
    },
  };
}
