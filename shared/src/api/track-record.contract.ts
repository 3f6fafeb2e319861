import { z } from 'zod';
import { ZWinRateEvidence } from '../evidence.schemas.js';
import { zQueryInteger } from '../request-fields.js';
import { ZTrackRecordEntry } from '../track-record.js';
import { ZTrackRecordStats } from '../track-record-stats.js';
import { type RouteTable, withSchemas } from './contract.js';

/** Most entries one page of GET /api/track-record carries. */
export const TRACK_RECORD_PAGE_MAX = 1000;

export const TrackRecordQueryMessages = {
  after: 'after must be a whole number from 0.',
  limit: `limit must be a whole number from 1 to ${TRACK_RECORD_PAGE_MAX}.`,
} as const;

/** Keyset paging: entries after `after` (a seq; 0 from the start), at most `limit` of them. */
export const ZTrackRecordPageQuery = z
  .object({
    after: zQueryInteger(0, Number.MAX_SAFE_INTEGER, TrackRecordQueryMessages.after).default(0),
    limit: zQueryInteger(1, TRACK_RECORD_PAGE_MAX, TrackRecordQueryMessages.limit).default(100),
  })
  .strict();

/**
 * The public chain's length and head, and the server's own check of it against the signals table
 * (`brokenAt`: the first entry that no longer matches its hash; null while the record holds).
 */
export const ZTrackRecordHead = z.object({
  length: z.number().int(),
  headHash: z.string(),
  /** Entries appended but not public yet (their signal's window is still open). */
  pending: z.number().int(),
  brokenAt: z.number().int().nullable(),
  brokenReason: z.string().nullable(),
  checkedAt: z.string(),
});
export type TTrackRecordHead = z.infer<typeof ZTrackRecordHead>;

export const ZTrackRecordPage = z.object({
  entries: z.array(ZTrackRecordEntry),
  /** `after` for the next page; null at the end of the public chain. */
  nextAfter: z.number().int().nullable(),
  length: z.number().int(),
});

/** Everything the public page shows: statistics of resolved signals, the feed, the chain's head. */
export const ZTrackRecordSummary = z.object({
  stats: ZTrackRecordStats,
  /** The feed id the resolved signals ran on: one, several ('mixed'), or null before any resolved. */
  feed: z.string().nullable(),
  head: ZTrackRecordHead,
  /** Both overall rates beside their break-even at the operator's payout and their expected value. */
  evidence: ZWinRateEvidence,
});
export type TTrackRecordSummary = z.infer<typeof ZTrackRecordSummary>;

/** The public track record: no login; only entries whose signal's window has closed. */
export const TrackRecordRoutes = {
  entries: { method: 'GET', path: '/track-record', group: 'public' },
  download: { method: 'GET', path: '/track-record/download', group: 'public', file: true },
  head: { method: 'GET', path: '/track-record/head', group: 'public' },
  summary: { method: 'GET', path: '/track-record/summary', group: 'public' },
} as const satisfies RouteTable;

export const TrackRecordContract = /* @__PURE__ */ withSchemas(TrackRecordRoutes, {
  entries: {
    summary: 'One page of the public hash chain, oldest first (keyset by seq)',
    query: ZTrackRecordPageQuery,
    data: ZTrackRecordPage,
  },
  download: {
    summary: 'The whole public hash chain as JSON Lines, one entry a line, oldest first',
    data: z.string(),
  },
  head: {
    summary: "The public chain's length and head hash, and whether it still matches the signals",
    data: ZTrackRecordHead,
  },
  summary: {
    summary: 'The public track record page: statistics of resolved signals, the feed and the head',
    data: ZTrackRecordSummary,
  },
});
