import type { TLessonCompletion, TLiveSession, TVault } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';

export type VaultState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; vault: TVault };

/** The vault as the server computes it for this member, with updates after a completion or a reminder. */
export function useVault() {
  const [state, setState] = useState<VaultState>({ status: 'loading' });
  const [reloadKey, setReloadKey] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks again
  useEffect(() => {
    const controller = new AbortController();
    api.mentorship.vault({ signal: controller.signal }).then(
      (result) => {
        if (result.ok) setState({ status: 'ready', vault: result.data });
        else if (result.status !== 'unauthorized') setState({ status: 'error', message: result.message });
      },
      // Aborted: the page left or asked again; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [reloadKey]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setReloadKey((key) => key + 1);
  }, []);

  /** Changes the vault on screen, once it is shown. */
  const updateVault = useCallback((change: (vault: TVault) => TVault) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', vault: change(current.vault) } : current));
  }, []);

  /** A completion changed a course: the vault is read again (stats and achievements follow from it). */
  const completed = useCallback(
    (change: TLessonCompletion) => {
      updateVault((vault) => ({
        ...vault,
        overall: change.overall,
        courses: vault.courses.map((c) => (c.id === change.course.id ? change.course : c)),
      }));
      setReloadKey((key) => key + 1);
    },
    [updateVault],
  );

  const sessionChanged = useCallback(
    (session: TLiveSession) => {
      updateVault((vault) => ({
        ...vault,
        sessions: vault.sessions.map((s) => (s.id === session.id ? session : s)),
      }));
    },
    [updateVault],
  );

  return { state, reload, completed, sessionChanged };
}
