import { useEffect } from 'react';
import { useJournalStore } from '../../stores/journal.store.js';
import type { SectionPhase } from '../ui/section-load-state.js';

/**
 * The member's journal, read on arrival. `loadState` is the first read's, for `SectionLoadState`: once
 * the journal is here, a failed refresh keeps it on screen.
 */
export function useJournal() {
  const state = useJournalStore();
  const { load } = state;
  useEffect(() => {
    void load();
  }, [load]);
  const loadState: SectionPhase =
    state.journal !== null
      ? { phase: 'ready' }
      : state.phase === 'error'
        ? { phase: 'error', message: state.message ?? '' }
        : { phase: 'loading' };
  return { ...state, loadState };
}
