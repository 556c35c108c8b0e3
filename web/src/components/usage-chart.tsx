/**
 * The month's daily activity as stacked bars (tool executions below, proxy calls above), drawn as
 * plain SVG: no chart library, nothing loaded. The picture is labelled as a whole for screen
 * readers, each bar has a tooltip, and the same numbers are one click away as a table.
 */
import { useEffect, useId, useRef } from 'preact/hooks';
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
  const scroller = useRef<HTMLDivElement>(null);
  // Where the days do not fit (a phone), the latest ones are the ones in view at first.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [daily]);
  const top = niceCeiling(Math.max(0, ...daily.map((d) => d.toolExecutions + d.proxyCalls)));
  const plot = HEIGHT - TOP - BOTTOM;
  const width = daily.length * SLOT + 8;
  const ticks = top % 2 === 0 ? [0, top / 2, top] : [0, top];
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
      <div class="chart-body">
        {/* The y axis stays in view while a narrow screen scrolls the days sideways. */}
        <svg width={LEFT} height={HEIGHT} viewBox={`0 0 ${LEFT} ${HEIGHT}`} aria-hidden="true" class="chart-axis">
          {ticks.map((v) => (
            <text key={v} x={LEFT - 6} y={y(v) + 4} text-anchor="end" class="chart-label">
              {formatNumber(v)}
            </text>
          ))}
        </svg>
        <div class="chart-scroll" ref={scroller}>
          <svg
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            class="chart-svg"
          >
            <title id={`${id}-title`}>Daily tool executions and proxy calls, {month}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            {ticks.map((v) => (
              <line key={v} x1={0} x2={width} y1={y(v)} y2={y(v)} class="chart-grid" />
            ))}
            {daily.map((d, i) => {
              const x = i * SLOT + (SLOT - BAR) / 2;
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
