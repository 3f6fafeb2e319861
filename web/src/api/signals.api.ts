import { SignalsRoutes } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/signals?limit=10&sortOrder=desc: the newest signals this member may see (teasers past the limit). */
export function fetchSignals(limit = 10) {
  return callApi(SignalsRoutes.list, { query: { limit, sortOrder: 'desc' } });
}

/** GET /api/signals/stats/performance: statistics from resolved signals only. */
export function fetchPerformanceStats() {
  return callApi(SignalsRoutes.performance, {});
}
