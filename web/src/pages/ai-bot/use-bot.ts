import type { TBotOverview, TBotSettingsRequest } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { botTradeEvents } from '../../stores/gold-events.js';

export type BotState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; bot: TBotOverview };

/**
 * The member's bot as the server has it, read again whenever one of their trades opens or closes
 * (`bot:trade`) or the socket reconnects, so the figures are always the server's own sums.
 */
export function useBot() {
  const [state, setState] = useState<BotState>({ status: 'loading' });
  const [busy, setBusy] = useState<'toggle' | 'settings' | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await api.gold.bot({ signal });
    if (result.ok) setState({ status: 'ready', bot: result.data });
    else if (result.status !== 'unauthorized') {
      setState((s) => (s.status === 'ready' ? s : { status: 'error', message: result.message }));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(ignoreAbort); // Aborted: the page left; anything else is logged.
    const stop = botTradeEvents.listen(() => void load());
    return () => {
      controller.abort();
      stop();
    };
  }, [load]);

  async function toggle(running: boolean) {
    setBusy('toggle');
    setNotice(null);
    const result = await (running ? api.gold.botStart : api.gold.botPause)();
    setBusy(null);
    if (!result.ok) return setNotice({ kind: 'error', text: result.message });
    setState((s) => (s.status === 'ready' ? { status: 'ready', bot: { ...s.bot, settings: result.data } } : s));
    setNotice({ kind: 'success', text: result.message });
  }

  async function save(body: TBotSettingsRequest) {
    setBusy('settings');
    setNotice(null);
    const result = await api.gold.botSettings({ body });
    setBusy(null);
    if (!result.ok) return setNotice({ kind: 'error', text: result.message });
    setState((s) => (s.status === 'ready' ? { status: 'ready', bot: { ...s.bot, settings: result.data } } : s));
    setNotice({ kind: 'success', text: result.message });
  }

  return { state, busy, notice, toggle, save, reload: () => void load() };
}
