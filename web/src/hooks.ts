/**
 * Data loading for screens: useLoad runs one request and re-runs it when its inputs change or on
 * reload(); useCursorPages walks a `{items, nextCursor}` list forwards and back. Answers that
 * arrive after the inputs changed are dropped, so a fast click never shows another page's data.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Page } from './types';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

export function useLoad<T>(load: () => Promise<T>, inputs: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [version, setVersion] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => call === latest.current && setState({ data, error: undefined, loading: false }),
      (error: unknown) => call === latest.current && setState({ data: undefined, error, loading: false }),
    );
    // `load` is a fresh closure each render: `inputs` say when it really changed.
  }, [...inputs, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}

export interface CursorPages<T> extends Loaded<Page<T>> {
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  previous: () => void;
  next: () => void;
}

/** Pages of a cursor list; the cursors seen so far are kept so Previous needs no API support. */
export function useCursorPages<T>(loadPage: (cursor: string | undefined) => Promise<Page<T>>, inputs: unknown[]): CursorPages<T> {
  const key = JSON.stringify(inputs);
  // The cursors walked so far, for the inputs they belong to: new filters start from page one.
  const [walk, setWalk] = useState<{ key: string; cursors: (string | undefined)[] }>({ key, cursors: [undefined] });
  const cursors = walk.key === key ? walk.cursors : [undefined];
  const cursor = cursors.at(-1);
  const loaded = useLoad(() => loadPage(cursor), [key, cursor]);
  const nextCursor = loaded.data?.nextCursor ?? null;
  return {
    ...loaded,
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: nextCursor !== null,
    previous: () => cursors.length > 1 && setWalk({ key, cursors: cursors.slice(0, -1) }),
    next: () => nextCursor !== null && setWalk({ key, cursors: [...cursors, nextCursor] }),
  };
}
