import { useEffect } from 'react';
import { useRiskPlanStore } from '../../stores/risk-plan.store.js';
import type { SectionPhase } from '../ui/section-load-state.js';

/**
 * The member's risk plan and where it stands, read on arrival and again whenever `refreshKey` changes
 * (the room passes its resolved signals: the day's result moves only when one resolves). `loadState` is
 * the first read's, for `SectionLoadState`: once a plan's standing is here, a failed refresh keeps it.
 */
export function useRiskPlan(refreshKey: string | number = 0) {
  const state = useRiskPlanStore();
  const { load } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is what asks for a new read
  useEffect(() => {
    void load();
  }, [load, refreshKey]);
  const loadState: SectionPhase =
    state.standing !== null
      ? { phase: 'ready' }
      : state.phase === 'error'
        ? { phase: 'error', message: state.message ?? '' }
        : { phase: 'loading' };
  return { ...state, loadState };
}
