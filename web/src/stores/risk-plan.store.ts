import type { TRiskPlanInput, TRiskPlanStanding } from '@signalroom/shared';
import { create } from 'zustand';
import * as api from '../api/api.js';
import type { ApiOutcome } from '../api/client.js';
import { useSessionStore } from './session.store.js';

type Phase = 'idle' | 'loading' | 'ready' | 'error';

interface RiskPlanState {
  /** The member's plan and where it stands, as the server computed it from the record; null before the first answer. */
  standing: TRiskPlanStanding | null;
  phase: Phase;
  /** Why the last read failed. */
  message: string | null;
  /** Reads it again (on entering a page, when a signal resolved); a read under way is not repeated. */
  load(): Promise<void>;
  save(input: TRiskPlanInput): Promise<ApiOutcome<TRiskPlanStanding>>;
  /** Forgets it (logout): the next member starts from nothing. */
  reset(): void;
}

/**
 * The member's risk plan, read once for every place that shows it (Settings, the room, the Command
 * Center). The server applies the plan's rules to the record; the pages only draw its answer, so the room
 * and the API never disagree on where the day stands.
 */
export const useRiskPlanStore = create<RiskPlanState>((set, get) => {
  let pending: Promise<void> | null = null;
  return {
    standing: null,
    phase: 'idle',
    message: null,
    load() {
      if (pending) return pending;
      if (get().standing === null) set({ phase: 'loading', message: null });
      pending = api.users
        .riskPlan()
        .then((answer) => {
          if (answer.ok) set({ standing: answer.data, phase: 'ready', message: null });
          // A failed refresh keeps the last answer on screen and says why beside it.
          else set({ phase: get().standing ? 'ready' : 'error', message: answer.message });
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    async save(input) {
      const answer = await api.users.saveRiskPlan({ body: input });
      if (answer.ok) set({ standing: answer.data, phase: 'ready', message: null });
      return answer;
    },
    reset() {
      set({ standing: null, phase: 'idle', message: null });
    },
  };
});

// Another member (or none) signed in: their plan is not this one.
useSessionStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useRiskPlanStore.getState().reset();
});
