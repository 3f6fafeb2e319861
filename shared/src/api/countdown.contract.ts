import { ZCountdown } from '../countdown.js';
import { ZCountdownConfig, ZCountdownResetRequest } from '../signal-api.js';
import { defineRoute } from './contract.js';

/** The offer countdown: public time left, admin configuration. */
export const CountdownContract = {
  current: defineRoute({
    method: 'GET',
    path: '/countdown',
    group: 'public',
    summary: 'Time left of the offer an admin set',
    data: ZCountdown,
  }),
  config: defineRoute({
    method: 'GET',
    path: '/countdown/config',
    group: 'admin',
    summary: 'The deadline, the default window, who set it last',
    data: ZCountdownConfig,
  }),
  reset: defineRoute({
    method: 'POST',
    path: '/countdown/reset',
    group: 'admin',
    summary: 'A new deadline: now plus durationMinutes (or the default window)',
    body: ZCountdownResetRequest,
    data: ZCountdownConfig,
  }),
} as const;
