import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { keepSignalsForOffline } from '../app/offline-signals.js';
import { registerServiceWorker } from '../app/service-worker.js';
import { createLiveSignalsStore, type LiveSignalsState, type LiveSignalsStore } from './live-signals.store.js';

const LiveSignalsContext = createContext<LiveSignalsStore | null>(null);

/**
 * Gives its subtree a live-signals store of its own (created once per mount), attached to the session
 * for as long as the provider is mounted. The dashboard shell wraps its pages in it.
 */
export function LiveSignalsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLiveSignalsStore);
  useEffect(() => store.getState().attach(), [store]);
  // The service worker's offline page shows the last signals this device received: each list the store
  // takes in is kept for it, and the worker is installed so that the page is there when the network is not.
  useEffect(() => {
    void registerServiceWorker();
    return store.subscribe((state, previous) => {
      // The offline copy is a convenience: storage full or refused leaves the live page as it is.
      if (state.signals !== previous.signals) void keepSignalsForOffline(state.signals).catch(() => undefined);
    });
  }, [store]);
  return <LiveSignalsContext.Provider value={store}>{children}</LiveSignalsContext.Provider>;
}

/** The store of the nearest `LiveSignalsProvider`, for effects that call actions (start, stop). */
export function useLiveSignalsStoreApi(): LiveSignalsStore {
  const store = useContext(LiveSignalsContext);
  if (!store) throw new Error('useLiveSignals must be used inside a LiveSignalsProvider');
  return store;
}

/** Selects from the live-signals store of the nearest provider; re-renders when the selection changes. */
export function useLiveSignals<T>(selector: (state: LiveSignalsState) => T): T {
  return useStore(useLiveSignalsStoreApi(), selector);
}
