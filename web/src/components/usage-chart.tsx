/**
 * The month's daily activity as stacked bars (tool executions below, proxy calls above), drawn as
 * plain SVG: no chart library, nothing loaded. The picture is labelled as a whole for screen
 * readers, each bar has a tooltip, and the same numbers are one click away as a table.
 */
import { useId } from 'preact/hooks';
import { formatNumber } from '../format';
import type { DailyUsage } from '../types';

const HEIGHT = 220;
const TOP = 16;
const BOTTOM = 28;
const LEFT = 44;
const SLOT = 22;
const BAR = 14;

/** A round top for the y axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
}

export function UsageChart({ daily, month }: { daily: DailyUsage[]; month: string }) {
  const id = useId();
  const top = niceCeiling(Math.max(0, ...daily.map((d) => d.toolExecutions + d.proxyCalls)));
  const plot = HEIGHT - TOP - BOTTOM;
  const width = LEFT + daily.length * SLOT + 8;
  const y = (v: number) => TOP + plot - (v / top) * plot;
  const total = daily.reduce((s, d) => s + d.toolExecutions + d.proxyCalls, 0);
  const busiest = daily.reduce<DailyUsage | null>(
    (b, d) => (!b || d.toolExecutions + d.proxyCalls > b.toolExecutions + b.proxyCalls ? d : b),
    null,
  );
  const summary =
    total === 0
      ? `No tool executions or proxy calls in ${month}.`
      : `Tool executions and proxy calls over ${daily.length} days of ${month}: ${formatNumber(total)}; the busiest day was ${busiest!.date} with ${formatNumber(busiest!.toolExecutions + busiest!.proxyCalls)}.`;

  return (
    <figure class="chart" data-testid="usage-chart">
      <div class="chart-legend" aria-hidden="true">
        <span class="legend-item">
          <span class="legend-swatch swatch-tool" /> Tool executions
        </span>
        <span class="legend-item">
          <span class="legend-swatch swatch-proxy" /> Proxy calls
        </span>
      </div>
      <div class="chart-scroll">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} class="chart-svg">
          <title id={`${id}-title`}>Daily tool executions and proxy calls, {month}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {(top % 2 === 0 ? [0, top / 2, top] : [0, top]).map((v) => (
            <g key={v}>
              <line x1={LEFT} x2={width} y1={y(v)} y2={y(v)} class="chart-grid" />
              <text x={LEFT - 6} y={y(v) + 4} text-anchor="end" class="chart-label">
                {formatNumber(v)}
              </text>
            </g>
          ))}
          {daily.map((d, i) => {
            const x = LEFT + i * SLOT + (SLOT - BAR) / 2;
            const day = Number(d.date.slice(8, 10));
            return (
              <g key={d.date}>
                <title>
                  {d.date}: {formatNumber(d.toolExecutions)} tool executions, {formatNumber(d.proxyCalls)} proxy calls
                </title>
                <rect x={x} width={BAR} y={y(d.toolExecutions)} height={y(0) - y(d.toolExecutions)} class="bar-tool" />
                <rect
                  x={x}
                  width={BAR}
                  y={y(d.toolExecutions + d.proxyCalls)}
                  height={y(d.toolExecutions) - y(d.toolExecutions + d.proxyCalls)}
                  class="bar-proxy"
                />
                {day === 1 || day % 5 === 0 ? (
                  <text x={x + BAR / 2} y={HEIGHT - 10} text-anchor="middle" class="chart-label">
                    {day}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption class="muted small">{summary}</figcaption>
      <details class="chart-table">
        <summary>Daily numbers as a table</summary>
        <div class="table-wrap">
          <table class="table">
            <caption class="visually-hidden">Daily usage, {month}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Tool executions</th>
                <th scope="col">Proxy calls</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td>{formatNumber(d.toolExecutions)}</td>
                  <td>{formatNumber(d.proxyCalls)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
