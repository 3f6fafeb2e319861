import type { TAdminBusinessSettings } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiOutcome } from '../../api/client.js';

export type BusinessSettingsState =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error'; message: string }
  | { status: 'ready'; settings: TAdminBusinessSettings };

/** The business settings as saved; `saved` takes a save's answer as the new state. */
export function useBusinessSettings() {
  const [state, setState] = useState<BusinessSettingsState>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const answer = await api.setup.settings();
    if (answer.ok) setState({ status: 'ready', settings: answer.data });
    else if (answer.status === 'forbidden') setState({ status: 'forbidden' });
    else if (answer.status !== 'unauthorized') setState({ status: 'error', message: answer.message });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return {
    state,
    reload: () => void load(),
    saved(answer: ApiOutcome<TAdminBusinessSettings>) {
      if (answer.ok) setState({ status: 'ready', settings: answer.data });
    },
  };
}
