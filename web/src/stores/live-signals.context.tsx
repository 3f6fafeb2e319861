import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createLiveSignalsStore, type LiveSignalsState, type LiveSignalsStore } from './live-signals.store.js';

const LiveSignalsContext = createContext<LiveSignalsStore | null>(null);

/**
 * Gives its subtree a live-signals store of its own (created once per mount), attached to the session
 * for as long as the provider is mounted. The dashboard shell wraps its pages in it.
 */
export function LiveSignalsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLiveSignalsStore);
  useEffect(() => store.getState().attach(), [store]);
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
