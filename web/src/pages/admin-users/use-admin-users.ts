import {
  LIMITS,
  mergeUser,
  type Pagination,
  type Role,
  searchQueryOf,
  type TAccessUpdateRequest,
  type TUser,
} from '@signalroom/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { type ApiFailure, type ApiOutcome, ignoreAbort, pageOf } from '../../api/client.js';
import { useSessionStore } from '../../stores/session.store.js';

export type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; users: TUser[]; pagination: Pagination };

/**
 * Search results on screen: `query` is the text they answer; `total` how many members match in all (the
 * first 50 are shown); `pending` while a newer text waits or loads.
 */
export interface SearchState {
  query: string | null;
  users: TUser[];
  total: number;
  pending: boolean;
}

const NO_SEARCH: SearchState = { query: null, users: [], total: 0, pending: false };

/**
 * State and calls of the Admin Users screen: the paged list (page size 50), the debounced search
 * (500 ms; empty or whitespace clears the results without a request), per-member updates and the
 * alert the admin sees when a call fails (a log line alone would go unseen; we show it).
 */
export function useAdminUsers() {
  const [page, setPage] = useState(1);
  const [reloadKey, setReloadKey] = useState(0);
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [input, setInput] = useState('');
  const [search, setSearch] = useState<SearchState>(NO_SEARCH);
  const [updating, setUpdating] = useState<ReadonlySet<string>>(() => new Set());
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [forbidden, setForbidden] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** A dead session is handled once for every call (api/client.ts); a lost admin role shows the no-access view. */
  const handleFailure = useCallback((result: ApiFailure) => {
    if (result.status === 'unauthorized') return;
    if (result.status === 'forbidden') setForbidden(true);
    setAlert(result.message);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey re-runs the load on Try again
  useEffect(() => {
    const controller = new AbortController();
    setList({ status: 'loading' });
    api.admin.listUsers({ query: { page, limit: LIMITS.adminPageSize }, signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.ok) {
          setList({ status: 'ready', users: result.data, pagination: pageOf(result, page) });
          return;
        }
        setList({ status: 'error', message: result.message });
        handleFailure(result);
      },
      // Aborted: a newer page replaced this load; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [page, reloadKey, handleFailure]);

  // Keyed on the trimmed text, so padding it with spaces sends nothing new.
  const query = searchQueryOf(input);
  useEffect(() => {
    if (query === null) {
      // Empty or whitespace-only input clears the results and makes no request.
      setSearch(NO_SEARCH);
      return;
    }
    setSearch((s) => ({ ...s, pending: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.admin.searchUsers({ query: { query, limit: LIMITS.adminPageSize }, signal: controller.signal }).then(
        (result) => {
          if (controller.signal.aborted) return;
          if (result.ok) {
            setSearch({ query, users: result.data, total: pageOf(result, 1).total, pending: false });
            return;
          }
          setSearch((s) => ({ ...s, pending: false }));
          handleFailure(result);
        },
        // Aborted: the text changed again; anything else is logged.
        ignoreAbort,
      );
    }, LIMITS.adminSearchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, handleFailure]);

  /** Puts an updated member into the list and the search results (and the session, if it is this admin). */
  const applyUser = useCallback((user: TUser) => {
    setList((l) => (l.status === 'ready' ? { ...l, users: mergeUser(l.users, user) } : l));
    setSearch((s) => ({ ...s, users: mergeUser(s.users, user) }));
    const session = useSessionStore.getState();
    if (session.user?.id === user.id) session.setUser({ ...session.user, ...user });
  }, []);

  const runUpdate = useCallback(
    async (user: TUser, call: () => Promise<ApiOutcome<TUser>>, done: (updated: TUser) => string) => {
      setUpdating((set) => new Set(set).add(user.id));
      setAlert(null);
      const result = await call();
      if (!mounted.current) return;
      setUpdating((set) => {
        const next = new Set(set);
        next.delete(user.id);
        return next;
      });
      if (result.ok) {
        applyUser(result.data);
        setNotice(done(result.data));
      } else {
        handleFailure(result);
      }
    },
    [applyUser, handleFailure],
  );

  const setAccess = useCallback(
    (user: TUser, access: TAccessUpdateRequest) =>
      runUpdate(
        user,
        () => api.admin.updateAccess({ params: { id: user.id }, body: access }),
        (u) => `${u.fullName}: tier ${u.tier.toUpperCase()}, dashboard ${u.dashboardUnlocked ? 'unlocked' : 'locked'}.`,
      ),
    [runUpdate],
  );

  const setRole = useCallback(
    (user: TUser, role: Role) =>
      runUpdate(
        user,
        () => api.admin.setRole({ params: { id: user.id }, body: { role } }),
        (u) =>
          u.role === 'admin'
            ? `${u.fullName} is now an admin.`
            : u.role === 'analyst'
              ? `${u.fullName} is now an analyst and can publish on the desk.`
              : `${u.fullName} is now a member (no admin or analyst role).`,
      ),
    [runUpdate],
  );

  return {
    page,
    setPage,
    list,
    reload: () => {
      setAlert(null);
      setReloadKey((k) => k + 1);
    },
    input,
    setInput,
    search,
    updating,
    setAccess,
    setRole,
    alert,
    dismissAlert: () => setAlert(null),
    showAlert: setAlert,
    notice,
    setNotice,
    forbidden,
  };
}
