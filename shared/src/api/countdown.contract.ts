import { ZCountdown } from '../countdown.js';
import { ZCountdownConfig, ZCountdownResetRequest } from '../signals/api.js';
import { type RouteTable, withSchemas } from './contract.js';

/** The offer countdown: public time left, admin configuration: where each call lives and who may make it. */
export const CountdownRoutes = {
  current: { method: 'GET', path: '/countdown', group: 'public' },
  config: { method: 'GET', path: '/countdown/config', group: 'admin' },
  reset: { method: 'POST', path: '/countdown/reset', group: 'admin' },
} as const satisfies RouteTable;

/** What each of CountdownRoutes takes and answers. */
export const CountdownContract = /* @__PURE__ */ withSchemas(CountdownRoutes, {
  current: {
    summary: 'Time left of the offer an admin set',
    data: ZCountdown,
  },
  config: {
    summary: 'The deadline, the default window, who set it last',
    data: ZCountdownConfig,
  },
  reset: {
    summary: 'A new deadline: now plus durationMinutes (or the default window)',
    body: ZCountdownResetRequest,
    data: ZCountdownConfig,
  },
});
