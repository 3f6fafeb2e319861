import type { TAccessUpdateRequest, TAdminMemberDetail } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiFailure } from '../../api/client.js';
import { ignoreAbort } from '../../api/client.js';
import { useSessionStore } from '../../stores/session.store.js';

export type MemberState =
  | { status: 'loading' }
  | { status: 'error'; message: string; failure: ApiFailure['status'] }
  | { status: 'ready'; detail: TAdminMemberDetail };

/**
 * The member detail page's data and actions. Every action re-reads the whole detail afterwards, so the
 * tier history, sessions and trail shown are the server's, not a local guess.
 */
export function useAdminMember(id: string) {
  const [state, setState] = useState<MemberState>({ status: 'loading' });
  const [reloadKey, setReloadKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey re-reads after an action or Try again
  useEffect(() => {
    const controller = new AbortController();
    api.admin.memberDetail({ params: { id }, signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.ok) setState({ status: 'ready', detail: result.data });
        else setState({ status: 'error', message: result.message, failure: result.status });
      },
      // Aborted: another member's page, or a newer read; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [id, reloadKey]);

  const run = useCallback(
    async (action: () => Promise<{ ok: true; message: string } | ApiFailure>): Promise<boolean> => {
      setBusy(true);
      setAlert(null);
      const result = await action();
      setBusy(false);
      if (!result.ok) {
        // A dead session is handled once for every call (api/client.ts).
        if (result.status !== 'unauthorized') setAlert(result.message);
        return false;
      }
      setNotice(result.message);
      setReloadKey((k) => k + 1);
      return true;
    },
    [],
  );

  const changeAccess = useCallback(
    (access: TAccessUpdateRequest) =>
      run(async () => {
        const result = await api.admin.updateAccess({ params: { id }, body: access });
        const session = useSessionStore.getState();
        if (result.ok && session.user?.id === id) session.setUser({ ...session.user, ...result.data });
        return result;
      }),
    [id, run],
  );
  const revokeSession = useCallback(
    (sessionId: string) => run(() => api.admin.revokeMemberSession({ params: { id, sessionId } })),
    [id, run],
  );
  const revokeAll = useCallback(() => run(() => api.admin.revokeMemberSessions({ params: { id } })), [id, run]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setReloadKey((k) => k + 1);
  }, []);

  return {
    state,
    busy,
    alert,
    notice,
    dismissAlert: () => setAlert(null),
    changeAccess,
    revokeSession,
    revokeAll,
    reload,
  };
}
export type AdminMember = ReturnType<typeof useAdminMember>;
