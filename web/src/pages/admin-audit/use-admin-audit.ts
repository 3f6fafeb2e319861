import { LIMITS, type Pagination, type TAuditEntry, type TAuditQuery } from '@signalroom/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as api from '../../api/api.js';
import { ignoreAbort, pageOf } from '../../api/client.js';

export type AuditListState =
  | { status: 'loading' }
  | { status: 'error'; message: string; forbidden: boolean }
  | { status: 'ready'; items: TAuditEntry[]; pagination: Pagination };

export const AUDIT_FILTER_KEYS = ['actor', 'target', 'action', 'from', 'to'] as const;

/** The filters that are set (empty text means "any" and is left out of the query). */
function setFilters(filters: Record<(typeof AUDIT_FILTER_KEYS)[number], string>) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Pick<
    TAuditQuery,
    (typeof AUDIT_FILTER_KEYS)[number]
  >;
}

/**
 * The audit screen's state. Filters and page live in the address (?actor=…&target=…&page=2), so a link
 * from a member's page opens their trail and the back button steps through earlier filters.
 */
export function useAdminAudit() {
  const [params, setParams] = useSearchParams();
  const [reloadKey, setReloadKey] = useState(0);
  const [list, setList] = useState<AuditListState>({ status: 'loading' });
  const filters = useMemo(
    () =>
      Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Record<
        (typeof AUDIT_FILTER_KEYS)[number],
        string
      >,
    [params],
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey re-runs the load on Try again
  useEffect(() => {
    const controller = new AbortController();
    setList({ status: 'loading' });
    api.audit
      .list({ query: { ...setFilters(filters), page, limit: LIMITS.adminPageSize }, signal: controller.signal })
      .then(
        (result) => {
          if (controller.signal.aborted) return;
          if (result.ok) setList({ status: 'ready', items: result.data, pagination: pageOf(result, page) });
          else setList({ status: 'error', message: result.message, forbidden: result.status === 'forbidden' });
        },
        // Aborted: newer filters replaced this load; anything else is logged.
        ignoreAbort,
      );
    return () => controller.abort();
  }, [filters, page, reloadKey]);

  const applyFilters = useCallback(
    (next: Record<string, string>) => {
      const search = new URLSearchParams();
      for (const key of AUDIT_FILTER_KEYS) {
        const value = next[key]?.trim();
        if (value) search.set(key, value);
      }
      setParams(search);
    },
    [setParams],
  );
  const setPage = useCallback(
    (n: number) => {
      const search = new URLSearchParams(params);
      search.set('page', String(n));
      setParams(search);
    },
    [params, setParams],
  );
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  return { filters, page, list, applyFilters, setPage, reload };
}
export type AdminAudit = ReturnType<typeof useAdminAudit>;
