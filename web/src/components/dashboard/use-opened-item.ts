import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { type ApiFailure, type ApiOutcome, ignoreAbort } from '../../api/client.js';

export type OpenedItem<T> =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'error'; id: string; message: string }
  | { status: 'ready'; item: T };

/**
 * The item an admin list has open beside it (a ticket's thread, an application): loaded when `openId`
 * changes or a reload is asked for, the request of an item left aborted.
 */
export function useOpenedItem<T>(
  openId: string | null,
  reloadKey: number,
  fetchItem: (id: string, signal: AbortSignal) => Promise<ApiOutcome<T>>,
  onFailure: (failure: ApiFailure) => void,
): [OpenedItem<T>, Dispatch<SetStateAction<OpenedItem<T>>>] {
  const [opened, setOpened] = useState<OpenedItem<T>>({ status: 'none' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: openId and reloadKey name what fetchItem reads
  useEffect(() => {
    if (!openId) {
      setOpened({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setOpened({ status: 'loading', id: openId });
    fetchItem(openId, controller.signal).then((result) => {
      if (result.ok) setOpened({ status: 'ready', item: result.data });
      else {
        setOpened({ status: 'error', id: openId, message: result.message });
        onFailure(result);
      }
    }, ignoreAbort);
    return () => controller.abort();
  }, [openId, reloadKey]);

  return [opened, setOpened];
}
