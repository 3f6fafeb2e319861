import { CountdownRoutes } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/countdown/config (admin): the deadline, the default window, who set it last. */
export function fetchCountdownConfig() {
  return callApi(CountdownRoutes.config, { fallbackMessage: 'Failed to load the countdown' });
}

/** POST /api/countdown/reset (admin): a new deadline, now + durationMinutes. */
export function resetCountdown(durationMinutes: number) {
  return callApi(CountdownRoutes.reset, {
    body: { durationMinutes },
    fallbackMessage: 'Failed to reset the countdown',
  });
}
