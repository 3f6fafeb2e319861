import type { TActivation, TAdminActivation } from '@signalroom/shared';
import { create } from 'zustand';
import * as api from '../api/api.js';
import { useSessionStore } from './session.store.js';

interface ActivationState {
  /** idle until a screen asks; loading; ready with the status; error when the first load failed. */
  loadStatus: 'idle' | 'loading' | 'ready' | 'error';
  activation: TActivation | null;
  error: string | null;
  /** Loads the member's status (a screen that shows it calls this on mount). */
  load(): Promise<void>;
  /** Takes a status from an upload answer or the `activation:update` push. */
  apply(activation: TActivation): void;
  /** Forgets everything (sign-out). */
  reset(): void;
}

let loading: Promise<void> | null = null;

/** The signed-in member's activation status, loaded once and then kept live by the socket. */
export const useActivationStore = create<ActivationState>((set, get) => ({
  loadStatus: 'idle',
  activation: null,
  error: null,
  load() {
    loading ??= (async () => {
      if (get().loadStatus !== 'ready') set({ loadStatus: 'loading', error: null });
      const result = await api.activation.status();
      if (result.ok) set({ loadStatus: 'ready', activation: result.data, error: null });
      // A dead session is handled once for every call (api/client.ts).
      else if (result.status === 'unauthorized') return;
      // A failed refresh keeps what is shown; only a first load turns into the error state.
      else if (get().loadStatus !== 'ready') set({ loadStatus: 'error', error: result.message });
    })().finally(() => {
      loading = null;
    });
    return loading;
  },
  apply(activation) {
    set({ loadStatus: 'ready', activation, error: null });
  },
  reset() {
    set({ loadStatus: 'idle', activation: null, error: null });
  },
}));

// A different member (sign-out, another login on this tab) must never see the previous one's status.
useSessionStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useActivationStore.getState().reset();
});

/** What admins hear about the review queue. */
export type AdminActivationEvent =
  | { type: 'new'; proof: TAdminActivation; replacesId: string | null }
  | { type: 'reviewed'; proof: TAdminActivation }
  /** The socket reconnected: news may have been missed, so the list is read again. */
  | { type: 'resync' };

const adminListeners = new Set<(event: AdminActivationEvent) => void>();

/** Subscribes the admin review screen to queue news from the socket; answers the unsubscribe. */
export function onAdminActivationEvent(listener: (event: AdminActivationEvent) => void): () => void {
  adminListeners.add(listener);
  return () => adminListeners.delete(listener);
}

/** Called by the socket listeners (`activation:new`, `activation:reviewed`, a reconnect). */
export function emitAdminActivationEvent(event: AdminActivationEvent): void {
  for (const listener of adminListeners) listener(event);
}
