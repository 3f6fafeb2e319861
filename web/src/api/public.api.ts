import { Messages, type TCountdown, type TPublicStats } from '@signalroom/shared';
import { api } from './client.js';

/** GET /api/countdown: the offer deadline an admin set, as time left. Throws NetworkError when unreachable. */
export function fetchCountdown() {
  return api.get<TCountdown>('/countdown', { fallbackMessage: Messages.wrapper.countdown });
}

/** GET /api/stats/public: landing figures counted from the platform's records. */
export function fetchPublicStats() {
  return api.get<TPublicStats>('/stats/public');
}
