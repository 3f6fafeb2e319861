import { ZSlotsPage, ZSlotsQuery } from '../signals/slot-ledger.js';
import { type RouteTable, withSchemas } from './contract.js';

/** The public slot ledger: how each scheduled slot ended. */
export const SlotsRoutes = {
  list: { method: 'GET', path: '/slots', group: 'public', apiKey: true },
} as const satisfies RouteTable;

export const SlotsContract = /* @__PURE__ */ withSchemas(SlotsRoutes, {
  list: {
    summary:
      'Every scheduled slot of a time range and how it ended (issued, market closed, feed failed or missed, with the reason and the log entry that states it), oldest first; by default the last 24 hours',
    query: ZSlotsQuery,
    data: ZSlotsPage,
  },
});
