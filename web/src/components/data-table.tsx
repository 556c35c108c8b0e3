/**
 * A data table as every screen shows one: it scrolls sideways on its own when wider than the page,
 * has a caption for screen readers, a header row of column names and, with `actions`, a last
 * column for row buttons (named for screen readers only). The children are the body's rows.
 * On a phone each row is a card of "column: value" lines (styles.css), so no column is out of
 * sight: each cell gets its column's name as `data-label` after every render.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

export function DataTable(props: { testid: string; caption: string; columns: string[]; actions?: boolean; children: ComponentChildren }) {
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    for (const row of Array.from(table.current?.tBodies[0]?.rows ?? []))
      Array.from(row.cells).forEach((cell, i) => cell.setAttribute('data-label', props.columns[i] ?? ''));
  });
  return (
    <div class="table-wrap">
      <table class="table table-stacks" data-testid={props.testid} ref={table}>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((name) => (
              <th scope="col" key={name}>
                {name}
              </th>
            ))}
            {props.actions ? (
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
