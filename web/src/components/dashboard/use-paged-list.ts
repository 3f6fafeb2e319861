import type { Pagination } from '@signalroom/shared';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { type ApiFailure, type ApiOutcome, ignoreAbort, pageOf } from '../../api/client.js';

export type PagedList<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; pagination: Pagination };

export interface PagedListState<T> {
  list: PagedList<T>;
  /** For live news applied to what is on screen (a new row, a changed one). */
  setList: Dispatch<SetStateAction<PagedList<T>>>;
  /** Asks for the same page again (after a resync, or from the error state's retry). */
  reload(): void;
}

/**
 * One page of an admin list: loads it whenever `key` changes (the filters and page, as a string) or a
 * reload is asked for, aborts the request a newer one replaces, and reports a failure to `onFailure`
 * (the screen decides what a forbidden or failed answer shows). A rejection that is not an abort is a
 * bug and is logged, not swallowed.
 */
export function usePagedList<T>(
  key: string,
  page: number,
  fetchPage: (signal: AbortSignal) => Promise<ApiOutcome<T[]>>,
  onFailure: (failure: ApiFailure) => void,
): PagedListState<T> {
  const [list, setList] = useState<PagedList<T>>({ status: 'loading' });
  const [reloadKey, setReloadKey] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key names what fetchPage reads; reloadKey asks again
  useEffect(() => {
    const controller = new AbortController();
    setList({ status: 'loading' });
    fetchPage(controller.signal).then((result) => {
      if (result.ok) setList({ status: 'ready', items: result.data, pagination: pageOf(result, page) });
      else {
        setList({ status: 'error', message: result.message });
        onFailure(result);
      }
    }, ignoreAbort);
    return () => controller.abort();
  }, [key, page, reloadKey]);

  return { list, setList, reload: () => setReloadKey((k) => k + 1) };
}
