/**
 * A screen's heading and document title. The heading takes focus when a new screen opens, so
 * keyboard and screen-reader users start at the top of what changed.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function PageHeading({ title, children }: { title: string; children?: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Connector Broker`;
    ref.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div class="page-heading">
      <h1 ref={ref} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
