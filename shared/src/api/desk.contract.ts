import { z } from 'zod';
import { ZDeskNoteRequest, ZDeskOptions, ZDeskPublishRequest, ZSourceRecord } from '../desk.js';
import { ZSignal, ZSignalNote } from '../signals/signal.js';
import { type RouteTable, withSchemas } from './contract.js';

const ZSignalParams = z.object({ id: z.string() });

/** The analyst desk (analysts and admins) and each source's own record (public). */
export const DeskRoutes = {
  options: { method: 'GET', path: '/desk', group: 'desk' },
  publish: { method: 'POST', path: '/desk/signals', group: 'desk', status: 201, idempotent: true },
  addNote: { method: 'POST', path: '/desk/signals/:id/notes', group: 'desk', status: 201, idempotent: true },
  sources: { method: 'GET', path: '/track-record/sources', group: 'public' },
} as const satisfies RouteTable;

export const DeskContract = /* @__PURE__ */ withSchemas(DeskRoutes, {
  options: {
    summary: "The desk form's instruments and expiry windows, and this analyst's recent signals",
    data: ZDeskOptions,
  },
  publish: {
    summary: 'Publish a signal at the feed price of now (a repeated idempotency key answers the first signal)',
    body: ZDeskPublishRequest,
    // Two submits of one form racing, when the first cannot be read back; past DESK_MAX_PER_HOUR.
    raises: ['conflict', 'rate_limited'],
    data: ZSignal,
  },
  addNote: {
    summary: 'Append a follow-up note to a published signal (its analyst or an admin)',
    params: ZSignalParams,
    body: ZDeskNoteRequest,
    data: ZSignalNote,
  },
  sources: {
    summary: 'Each source (every analyst, every model) with its own counts and win-rate evidence',
    data: z.array(ZSourceRecord),
  },
});
