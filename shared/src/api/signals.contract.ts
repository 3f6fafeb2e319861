import { z } from 'zod';
import { ZMarketStatus } from '../market-feed.js';
import { ZPerformanceStats, ZPublicStats } from '../performance.schemas.js';
import { ZSignalListQuery } from '../signals/api.js';
import { ZSignalChart, ZSignalChartQuery } from '../signals/chart.js';
import { ZSignalView } from '../signals/signal.js';
import { type RouteTable, withSchemas } from './contract.js';

/** The signal room's REST reads and the landing page's figures: where each call lives and who may make it. */
export const SignalsRoutes = {
  list: { method: 'GET', path: '/signals', group: 'unlocked', apiKey: true, paged: 'cursor', etag: true },
  performance: { method: 'GET', path: '/signals/stats/performance', group: 'unlocked', apiKey: true },
  chart: { method: 'GET', path: '/signals/:id/chart', group: 'unlocked' },
  publicStats: { method: 'GET', path: '/stats/public', group: 'public' },
  marketStatus: { method: 'GET', path: '/market/status', group: 'public' },
} as const satisfies RouteTable;

/** What each of SignalsRoutes takes and answers. */
export const SignalsContract = /* @__PURE__ */ withSchemas(SignalsRoutes, {
  list: {
    summary:
      'The signals this member may see, newest first (locked teasers past the daily allowance); page back through the whole history with before (the previous page’s pagination.nextCursor) and since',
    query: ZSignalListQuery,
    data: z.array(ZSignalView),
  },
  performance: {
    summary: 'Statistics from resolved signals',
    data: ZPerformanceStats,
  },
  chart: {
    summary:
      "A signal's chart: the 1-minute candles of its instrument before its resolution (or up to now while it is active), for a member who may see the signal in full",
    params: z.object({ id: z.string() }),
    query: ZSignalChartQuery,
    data: ZSignalChart,
  },
  publicStats: {
    summary: 'Platform figures counted from records',
    data: ZPublicStats,
  },
  marketStatus: {
    summary: 'Whether the traded market is open now, and when the next signal can come if not',
    data: ZMarketStatus,
  },
});
