import { ContentRoutes, CountdownRoutes, PlatformRoutes, SignalsRoutes, WrapperMessages } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/countdown: the offer deadline an admin set, as time left. */
export function fetchCountdown() {
  return callApi(CountdownRoutes.current, { fallbackMessage: WrapperMessages.countdown });
}

/** GET /api/stats/public: platform figures counted from records (landing, locked pages, feed status). */
export function fetchPublicStats() {
  return callApi(SignalsRoutes.publicStats, { fallbackMessage: 'The figures could not be loaded.' });
}

/** GET /api/config/public: the operator settings the web app needs. */
export function fetchPublicConfig() {
  return callApi(PlatformRoutes.publicConfig, {});
}

/** GET /api/content/landing: reviews and offer text (the shipped samples until an operator saves). */
export function fetchLandingContent() {
  return callApi(ContentRoutes.landing, { fallbackMessage: 'The reviews could not be loaded.' });
}

/** GET /api/market/status: whether the traded market is open now, and when the next signal can come. */
export function fetchMarketStatus() {
  return callApi(SignalsRoutes.marketStatus, { fallbackMessage: 'The market status could not be loaded.' });
}
