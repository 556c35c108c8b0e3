/**
 * A data table as every screen shows one: it scrolls sideways on its own when wider than the page,
 * has a caption for screen readers, a header row of column names and, with `actions`, a last
 * column for row buttons (named for screen readers only). The children are the body's rows.
 */
import type { ComponentChildren } from 'preact';

export function DataTable(props: { testid: string; caption: string; columns: string[]; actions?: boolean; children: ComponentChildren }) {
  return (
    <div class="table-wrap">
      <table class="table" data-testid={props.testid}>
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
