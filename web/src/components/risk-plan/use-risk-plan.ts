import { useEffect } from 'react';
import { useRiskPlanStore } from '../../stores/risk-plan.store.js';

/**
 * The member's risk plan and where it stands, read on arrival and again whenever `refreshKey` changes
 * (the room passes its count of resolved signals: the day's result moves only when one resolves).
 */
export function useRiskPlan(refreshKey: string | number = 0) {
  const load = useRiskPlanStore((s) => s.load);
  const state = useRiskPlanStore();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is what asks for a new read
  useEffect(() => {
    void load();
  }, [load, refreshKey]);
  return state;
}
