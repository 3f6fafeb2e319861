import { DEFAULT_TIER_DAILY_SIGNAL_LIMITS, type TPublicConfig } from '@signalroom/shared';
import { create } from 'zustand';
import * as api from '../api/api.js';

interface PublicConfigState {
  config: TPublicConfig | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Loads once; `force` fetches again (after an admin changed the contacts). */
  load(options?: { force?: boolean }): Promise<void>;
}

/** Operator settings (product name, support links, broker link, promo code, time zone). Loaded once. */
export const usePublicConfigStore = create<PublicConfigState>((set, get) => ({
  config: null,
  status: 'idle',
  async load(options) {
    const { status } = get();
    if (status === 'loading' || (status === 'ready' && !options?.force)) return;
    set({ status: 'loading' });
    const answer = await api.platform.publicConfig();
    // The browser tab's title follows the page (app/page-title.ts) and reads the name from here.
    if (answer.ok) set({ config: answer.data, status: 'ready' });
    else set((state) => (state.config ? { status: 'ready' } : { status: 'error' }));
  },
}));

/**
 * Per-day signal allowance of each paid tier: Silver's from the operator's configuration, Pro's and
 * Gold's (null: unlimited) from the shared limits.
 */
export function useTierLimits() {
  const silver = usePublicConfigStore((s) => s.config?.silverDailyLimit) ?? DEFAULT_TIER_DAILY_SIGNAL_LIMITS.silver;
  return { silver, pro: DEFAULT_TIER_DAILY_SIGNAL_LIMITS.pro, gold: DEFAULT_TIER_DAILY_SIGNAL_LIMITS.gold } as const;
}
