import type { TDeliveredSignal, TSignalDeliveries } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort, pageOf } from '../../api/client.js';
import type { OpenedItem } from '../../components/dashboard/use-opened-item.js';
import type { PagedList } from '../../components/dashboard/use-paged-list.js';

export type DeliveredList = PagedList<TDeliveredSignal>;

export type DeliveryDetail = OpenedItem<TSignalDeliveries>;

/** State of the admins' delivery screen: one page of 50 delivered signals and the open signal's log. */
export function useAdminDeliveries() {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<DeliveredList>({ status: 'loading' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [detail, setDetail] = useState<DeliveryDetail>({ status: 'none' });
  const [reloadKey, setReloadKey] = useState(0);
  const [forbidden, setForbidden] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the same page again
  useEffect(() => {
    const controller = new AbortController();
    setList({ status: 'loading' });
    api.delivery.deliveredSignals({ query: { page }, signal: controller.signal }).then(
      (result) => {
        if (result.ok) setList({ status: 'ready', items: result.data, pagination: pageOf(result, page) });
        else {
          if (result.status === 'forbidden') setForbidden(true);
          setList({ status: 'error', message: result.message });
        }
      },
      // Aborted: a newer request replaced this one; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [page, reloadKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the open signal again
  useEffect(() => {
    if (!openId) {
      setDetail({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setDetail({ status: 'loading', id: openId });
    api.delivery.signalDeliveries({ params: { id: openId }, signal: controller.signal }).then(
      (result) => {
        if (result.ok) setDetail({ status: 'ready', item: result.data });
        else setDetail({ status: 'error', id: openId, message: result.message });
      },
      // Aborted: another signal was opened; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [openId, reloadKey]);

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  return { page, setPage, list, openId, open: setOpenId, detail, reload, forbidden };
}

export type AdminDeliveries = ReturnType<typeof useAdminDeliveries>;
