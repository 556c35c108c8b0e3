/** Previous / next buttons under a cursor-paged table. */
import type { CursorPages } from '../hooks';

export function Pager<T>({ pages, label }: { pages: CursorPages<T>; label: string }) {
  if (!pages.hasPrevious && !pages.hasNext) return null;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" class="button" onClick={pages.previous} disabled={!pages.hasPrevious || pages.loading}>
        Previous page
      </button>
      <span>Page {pages.pageNumber}</span>
      <button type="button" class="button" onClick={pages.next} disabled={!pages.hasNext || pages.loading}>
        Next page
      </button>
    </nav>
  );
}
