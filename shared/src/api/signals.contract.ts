import { z } from 'zod';
import { ZSignalListQuery } from '../signal-api.js';
import { ZPerformanceStats, ZPublicStats, ZSignalView } from '../signals.js';
import { defineRoute } from './contract.js';

/** The signal room's REST reads and the landing page's figures. */
export const SignalsContract = {
  list: defineRoute({
    method: 'GET',
    path: '/signals',
    group: 'unlocked',
    summary: 'The newest signals this member may see (locked teasers past the daily allowance)',
    query: ZSignalListQuery,
    data: z.array(ZSignalView),
  }),
  performance: defineRoute({
    method: 'GET',
    path: '/signals/stats/performance',
    group: 'unlocked',
    summary: 'Statistics from resolved signals',
    data: ZPerformanceStats,
  }),
  publicStats: defineRoute({
    method: 'GET',
    path: '/stats/public',
    group: 'public',
    summary: 'Platform figures counted from records',
    data: ZPublicStats,
  }),
} as const;
