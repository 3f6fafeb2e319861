import { z } from 'zod';
import {
  ZJournal,
  ZJournalEntry,
  ZJournalEntryRequest,
  ZJournalImportRequest,
  ZJournalImportResult,
} from '../journal/journal.js';
import { type RouteTable, withSchemas } from './contract.js';

/** The member's journal: their own trades on the signals, beside the record. */
export const JournalRoutes = {
  journal: { method: 'GET', path: '/users/journal', group: 'unlocked', apiKey: true },
  saveEntry: { method: 'PUT', path: '/signals/:id/journal', group: 'unlocked' },
  removeEntry: { method: 'DELETE', path: '/signals/:id/journal', group: 'unlocked' },
  importTrades: { method: 'POST', path: '/users/journal/import', group: 'unlocked' },
} as const satisfies RouteTable;

const ZSignalParams = z.object({ id: z.string() });

/** What each of JournalRoutes takes and answers. */
export const JournalContract = /* @__PURE__ */ withSchemas(JournalRoutes, {
  journal: {
    summary:
      "The member's journal: their own win rate, EV per unit staked, slippage against each signal's entry and the gap to the record on the same signals (each with its sample and interval), and the latest entries",
    data: ZJournal,
  },
  saveEntry: {
    summary:
      'Journal one signal: taken or skipped, and for a taken one the stake, the fill price and time and what it paid; answers the entry',
    params: ZSignalParams,
    body: ZJournalEntryRequest,
    data: ZJournalEntry,
  },
  removeEntry: {
    summary: "Take a signal out of the member's journal",
    params: ZSignalParams,
    data: z.null(),
  },
  importTrades: {
    summary:
      "Import a broker's trade history (rows mapped in the browser): each row read and matched to the signal it followed. A dry run answers every row's match or problem and writes nothing; an import writes every row or, when any has a problem, none (422, each problem by its line)",
    // A row with a problem on an import that is not a dry run.
    raises: ['unprocessable'],
    body: ZJournalImportRequest,
    data: ZJournalImportResult,
  },
});
