import { z } from 'zod';
import { ZWinRateEvidence } from '../evidence.schemas.js';
import { zQueryInteger } from '../request-fields.js';
import { ZTrackRecordEntry } from '../track-record.js';
import { ZTrackRecordCheckpoint, ZTrackRecordKey } from '../track-record-checkpoint.js';
import { ZTrackRecordStats } from '../track-record-stats.js';
import { type RouteTable, withSchemas } from './contract.js';

/** Most entries one page of GET /api/track-record carries. */
export const TRACK_RECORD_PAGE_MAX = 1000;

export const TrackRecordQueryMessages = {
  after: 'after must be a whole number from 0.',
  limit: `limit must be a whole number from 1 to ${TRACK_RECORD_PAGE_MAX}.`,
  size: 'size must be a whole number from 0.',
  seq: 'seq must be a whole number from 1.',
} as const;

/** Keyset paging: entries after `after` (a seq; 0 from the start), at most `limit` of them. */
export const ZTrackRecordPageQuery = z
  .object({
    after: zQueryInteger(0, Number.MAX_SAFE_INTEGER, TrackRecordQueryMessages.after).default(0),
    limit: zQueryInteger(1, TRACK_RECORD_PAGE_MAX, TrackRecordQueryMessages.limit).default(100),
  })
  .strict();

/**
 * The public chain's length and head, the latest signed checkpoint (which also covers entries not public
 * yet: their hashes, never their content), and the server's own check of the whole chain against the
 * signals table and every checkpoint it signed (`brokenAt`: the first entry that no longer holds; null
 * while the record holds).
 */
export const ZTrackRecordHead = z.object({
  length: z.number().int(),
  headHash: z.string(),
  /** Entries appended but not public yet (their signal's window is still open). */
  pending: z.number().int(),
  checkpoint: ZTrackRecordCheckpoint.nullable(),
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

/** Everything the public page shows: statistics of the public record, the feed, the chain's head. */
export const ZTrackRecordSummary = z.object({
  /** Figures from the resolved signals of the first `head.length` entries; null while the record is broken. */
  stats: ZTrackRecordStats.nullable(),
  /** The feed id the resolved signals ran on: one, several ('mixed'), or null before any resolved. */
  feed: z.string().nullable(),
  head: ZTrackRecordHead,
  /**
   * Both overall rates beside their break-even at the operator's payout and their expected value; null
   * while the record is broken, with the figures.
   */
  evidence: ZWinRateEvidence.nullable(),
  /** The Ed25519 public key that signs every checkpoint (hex), as GET /api/track-record/key serves it. */
  publicKey: z.string(),
});
export type TTrackRecordSummary = z.infer<typeof ZTrackRecordSummary>;

/** A signed checkpoint with its place in the server's append-only list of them. */
export const ZListedCheckpoint = ZTrackRecordCheckpoint.extend({ id: z.number().int().positive() });
export type TListedCheckpoint = z.infer<typeof ZListedCheckpoint>;

export const ZCheckpointPage = z.object({
  checkpoints: z.array(ZListedCheckpoint),
  /** `after` for the next page; null at the end. */
  nextAfter: z.number().int().nullable(),
});

const ZHex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const ZConsistencyQuery = z
  .object({
    from: zQueryInteger(0, Number.MAX_SAFE_INTEGER, TrackRecordQueryMessages.size),
    to: zQueryInteger(0, Number.MAX_SAFE_INTEGER, TrackRecordQueryMessages.size),
  })
  .strict();

/** RFC 9162 consistency proof between the trees of `from` and `to` entries (hashes, hex, in order). */
export const ZConsistencyProof = z.object({ from: z.number().int(), to: z.number().int(), proof: z.array(ZHex64) });
export type TConsistencyProof = z.infer<typeof ZConsistencyProof>;

export const ZInclusionQuery = z
  .object({
    seq: zQueryInteger(1, Number.MAX_SAFE_INTEGER, TrackRecordQueryMessages.seq),
    size: zQueryInteger(1, Number.MAX_SAFE_INTEGER, TrackRecordQueryMessages.size),
  })
  .strict();

/** RFC 9162 inclusion proof of entry `seq` (its hash being the leaf's data) in the tree of `size` entries. */
export const ZInclusionProof = z.object({
  seq: z.number().int(),
  size: z.number().int(),
  hash: ZHex64,
  proof: z.array(ZHex64),
});
export type TInclusionProof = z.infer<typeof ZInclusionProof>;

export const WitnessReportMessages = {
  checkpoint: 'checkpoint must be a signed checkpoint as GET /api/track-record/checkpoints/latest answers it.',
} as const;

const reportField = { error: WitnessReportMessages.checkpoint };
const reportHex = (digits: number) => z.string(reportField).regex(new RegExp(`^[0-9a-f]{${digits}}$`), reportField);

/** What a member's browser sends when the record no longer extends a checkpoint it kept. */
export const ZWitnessReportRequest = z
  .object({
    checkpoint: z.object(
      {
        size: z.number(reportField).int(reportField).min(0, reportField),
        head: reportHex(64),
        root: reportHex(64),
        time: z.string(reportField).regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, reportField),
        signature: reportHex(128),
      },
      reportField,
    ),
  })
  .strict();

export const ZWitnessReport = z.object({
  checkpoint: ZTrackRecordCheckpoint,
  reason: z.string(),
  reportedAt: z.string(),
});
export type TWitnessReport = z.infer<typeof ZWitnessReport>;

/** What admins see of the record: the check, what start-up refused to append, and witnesses' reports. */
export const ZTrackRecordAdminView = z.object({
  head: ZTrackRecordHead,
  /** Signals without an entry (issued or resolved around the chain): waiting for an explicit repair. */
  unrecorded: z.object({ unissued: z.number().int(), unresolved: z.number().int() }),
  witnessReports: z.array(ZWitnessReport),
});
export type TTrackRecordAdminView = z.infer<typeof ZTrackRecordAdminView>;

/** The public track record: no login; only entries whose signal's window has closed. */
export const TrackRecordRoutes = {
  entries: { method: 'GET', path: '/track-record', group: 'public', apiKey: true },
  download: { method: 'GET', path: '/track-record/download', group: 'public', file: true },
  head: { method: 'GET', path: '/track-record/head', group: 'public' },
  summary: { method: 'GET', path: '/track-record/summary', group: 'public', apiKey: true },
  key: { method: 'GET', path: '/track-record/key', group: 'public' },
  checkpoints: { method: 'GET', path: '/track-record/checkpoints', group: 'public' },
  latestCheckpoint: { method: 'GET', path: '/track-record/checkpoints/latest', group: 'public' },
  consistency: { method: 'GET', path: '/track-record/proofs/consistency', group: 'public' },
  inclusion: { method: 'GET', path: '/track-record/proofs/inclusion', group: 'public' },
  witnessReport: { method: 'POST', path: '/track-record/witness-reports', group: 'public', status: 201 },
  admin: { method: 'GET', path: '/admin/track-record', group: 'admin' },
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
    media: ['application/x-ndjson'],
  },
  head: {
    summary: "The public chain's length and head hash, the latest signed checkpoint and the server's check",
    data: ZTrackRecordHead,
  },
  summary: {
    summary: 'The public track record page: statistics of resolved signals, the feed and the head',
    data: ZTrackRecordSummary,
  },
  key: {
    summary: "The record's Ed25519 public key, which signs every checkpoint",
    data: ZTrackRecordKey,
  },
  checkpoints: {
    summary: 'Every signed checkpoint, in the order signed (keyset by id)',
    query: ZTrackRecordPageQuery,
    data: ZCheckpointPage,
  },
  latestCheckpoint: {
    summary: 'The latest signed checkpoint',
    // No checkpoint signed yet.
    raises: ['not_found'],
    data: ZTrackRecordCheckpoint,
  },
  consistency: {
    summary: 'Proof that the record of `to` entries extends the record of `from` entries (RFC 9162)',
    query: ZConsistencyQuery,
    data: ZConsistencyProof,
  },
  inclusion: {
    summary: 'Proof that entry `seq` is in the record of `size` entries (RFC 9162)',
    // An entry not in the record.
    raises: ['not_found'],
    query: ZInclusionQuery,
    data: ZInclusionProof,
  },
  witnessReport: {
    summary: 'Reports a signed checkpoint the record no longer extends (kept for admins)',
    body: ZWitnessReportRequest,
    data: ZWitnessReport,
  },
  admin: {
    summary: "The record's check, signals waiting for a repair, and witnesses' reports",
    data: ZTrackRecordAdminView,
  },
});
