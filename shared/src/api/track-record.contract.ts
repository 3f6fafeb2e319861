import { z } from 'zod';
import { ZWinRateEvidence } from '../evidence.schemas.js';
import { ZInstant } from '../iso-date.js';
import { zQueryInteger, zText } from '../request-fields.js';
import { ZTrackRecordKey } from '../track-record/checkpoint.js';
import { ZTrackRecordEntry } from '../track-record/entries.js';
import { ZTrackRecordStats } from '../track-record/stats.js';
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

/** One witness as pages show it: who, its key, the newest checkpoint it cosigned, and any refusal since. */
export const ZRecordWitness = z.object({
  name: z.string(),
  /** Its cosignature verifier key (C2SP vkey), to pin or compare with what the witness publishes. */
  verifierKey: z.string(),
  latestSize: z.number().int().nullable(),
  /** The witness's own time of its newest cosignature (ISO). */
  latestAt: ZInstant.nullable(),
  /** Its newest refusal, when newer than its newest cosignature: public evidence. */
  refusal: z.object({ size: z.number().int(), status: z.number().int(), reason: z.string(), at: ZInstant }).nullable(),
});

/**
 * Whether the record is witnessed now: which witnesses cosign it, when last, and whether published
 * figures are withheld (the log does not hold, a witness refused it, or no quorum cosigned for more than
 * two slots) and why. Every page that shows a figure shows this beside it.
 */
export const ZRecordWitnessing = z.object({
  /** The log's identity, the first line of every checkpoint. */
  origin: z.string(),
  /** The log's signing key (C2SP vkey); null before the log announced one. */
  verifierKey: z.string().nullable(),
  size: z.number().int(),
  /** Witnesses that must cosign (0: none configured, the record is signed by its operator alone). */
  quorum: z.number().int(),
  total: z.number().int(),
  /** Witnesses with a cosignature within the last two slots. */
  witnessing: z.number().int(),
  latestAt: ZInstant.nullable(),
  /** A signal counts only when a quorum cosigned its entry within this many seconds of its window opening. */
  maxMergeDelaySeconds: z.number().int(),
  witnesses: z.array(ZRecordWitness),
  brokenAt: z.number().int().nullable(),
  brokenReason: z.string().nullable(),
  withheld: z.boolean(),
  withheldReason: z.string().nullable(),
  checkedAt: ZInstant,
});
export type TRecordWitnessing = z.infer<typeof ZRecordWitnessing>;

/**
 * The public log's length and head, the latest checkpoint (a signed note, which also covers entries not
 * public yet: their hashes, never their content), and the server's own check (`brokenAt`: the first
 * entry that no longer holds; null while the log holds).
 */
export const ZTrackRecordHead = z.object({
  length: z.number().int(),
  headHash: z.string(),
  /** Entries appended but not public yet (their signal's window is still open). */
  pending: z.number().int(),
  /** The latest checkpoint as served at /api/track-record/checkpoint; null before the first. */
  checkpoint: z.string().nullable(),
  brokenAt: z.number().int().nullable(),
  brokenReason: z.string().nullable(),
  checkedAt: ZInstant,
});
export type TTrackRecordHead = z.infer<typeof ZTrackRecordHead>;

export const ZTrackRecordPage = z.object({
  entries: z.array(ZTrackRecordEntry),
  /** `after` for the next page; null at the end of the public log. */
  nextAfter: z.number().int().nullable(),
  length: z.number().int(),
});

/** How the public log's signals stand against the witnessing rule: counted, or why not. */
export const ZCountedSignals = z.object({
  /** Resolved, public and witnessed in time: in every figure. */
  counted: z.number().int(),
  /** Witnessed after their window opened plus the merge delay (a signal logged for a past slot is one). */
  late: z.number().int(),
  /** The merge delay passed without a quorum's cosignature. */
  unwitnessed: z.number().int(),
  /** Within the merge delay, no quorum's cosignature yet. */
  awaiting: z.number().int(),
});
export type TCountedSignals = z.infer<typeof ZCountedSignals>;

/** Everything the public page shows: statistics of the public record, the feed, the log's head and witnesses. */
export const ZTrackRecordSummary = z.object({
  /** Figures from the counted signals of the public log; null while figures are withheld. */
  stats: ZTrackRecordStats.nullable(),
  /** The feed id the counted signals ran on: one, several ('mixed'), or null before any counted. */
  feed: z.string().nullable(),
  head: ZTrackRecordHead,
  /** Both overall rates beside their break-even at the payout and their expected value; null while withheld. */
  evidence: ZWinRateEvidence.nullable(),
  /** The log's signing key (C2SP vkey), as GET /api/track-record/key serves it. */
  verifierKey: z.string().nullable(),
  witnessing: ZRecordWitnessing,
  counted: ZCountedSignals,
});
export type TTrackRecordSummary = z.infer<typeof ZTrackRecordSummary>;

/** A signal of the public log that no figure counts, and why. */
export const ZUncountedSignal = z.object({
  seq: z.number().int(),
  id: z.string(),
  asset: z.string(),
  direction: z.string(),
  /** When its window opened: the slot's boundary, or the moment an analyst published it. */
  windowStart: ZInstant,
  /** The latest a quorum's cosignature could come for it to count. */
  deadline: ZInstant,
  /** When a quorum had cosigned a checkpoint holding it; null when none has. */
  witnessedAt: ZInstant.nullable(),
  reason: z.enum(['late', 'unwitnessed', 'awaiting']),
});
export type TUncountedSignal = z.infer<typeof ZUncountedSignal>;

export const ZUncountedPage = z.object({
  signals: z.array(ZUncountedSignal),
  nextAfter: z.number().int().nullable(),
});

/** A checkpoint the log signed, with every cosignature collected for it (in the note, after the log's). */
export const ZListedCheckpoint = z.object({
  id: z.number().int().positive(),
  size: z.number().int(),
  /** Its root, lowercase hex. */
  root: z.string(),
  /** The signed note: checkpoint text, blank line, the log's signature, then the witnesses' cosignatures. */
  note: z.string(),
  signedAt: ZInstant,
});
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
  checkpoint: 'checkpoint must be a signed note as GET /api/track-record/checkpoint answers it.',
} as const;

/** What a member's browser sends when the record no longer extends a checkpoint it kept. */
export const ZWitnessReportRequest = z
  .object({
    // A note is lines of text: newlines allowed, nothing else hidden.
    checkpoint: zText({ max: 16_384, required: WitnessReportMessages.checkpoint, kind: 'multi-line' }).min(
      1,
      WitnessReportMessages.checkpoint,
    ),
  })
  .strict();

export const ZWitnessReport = z.object({
  /** The note as kept. */
  checkpoint: z.string(),
  reason: z.string(),
  reportedAt: ZInstant,
});
export type TWitnessReport = z.infer<typeof ZWitnessReport>;

/** What admins see of the record: the check, what start-up refused to append, and browsers' reports. */
export const ZTrackRecordAdminView = z.object({
  head: ZTrackRecordHead,
  witnessing: ZRecordWitnessing,
  /** Signals without an entry (issued or resolved around the log): waiting for an explicit repair. */
  unrecorded: z.object({ unissued: z.number().int(), unresolved: z.number().int() }),
  witnessReports: z.array(ZWitnessReport),
});
export type TTrackRecordAdminView = z.infer<typeof ZTrackRecordAdminView>;

/** A static file of the log (a tile, an entry bundle, its contents): the path below /api/track-record/. */
export const ZLogFileParams = z.object({ '*': z.string().max(200) }).strict();

/** The public track record: no login; only entries whose signal's window has closed. */
export const TrackRecordRoutes = {
  entries: { method: 'GET', path: '/track-record', group: 'public', apiKey: true },
  download: { method: 'GET', path: '/track-record/download', group: 'public', file: true },
  head: { method: 'GET', path: '/track-record/head', group: 'public' },
  summary: { method: 'GET', path: '/track-record/summary', group: 'public', apiKey: true },
  key: { method: 'GET', path: '/track-record/key', group: 'public' },
  checkpoint: { method: 'GET', path: '/track-record/checkpoint', group: 'public', file: true },
  tile: { method: 'GET', path: '/track-record/tile/*', group: 'public', file: true },
  contents: { method: 'GET', path: '/track-record/contents/*', group: 'public', file: true },
  witnesses: { method: 'GET', path: '/track-record/witnesses', group: 'public' },
  uncounted: { method: 'GET', path: '/track-record/uncounted', group: 'public' },
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
    summary: "The log's Ed25519 signing key (JSON; its C2SP verifier key alone as text/plain when asked for)",
    data: ZTrackRecordKey,
  },
  checkpoint: {
    summary: 'The latest checkpoint (C2SP signed note): the log signature first, then every cosignature',
    data: z.string(),
    media: ['text/plain'],
  },
  tile: {
    summary: 'A tile of the log (C2SP tlog-tiles): tile/<L>/<N>[.p/<W>] hashes, tile/entries/<N>[.p/<W>] entry bundles',
    raises: ['not_found'],
    params: ZLogFileParams,
    data: z.string(),
    media: ['application/octet-stream'],
  },
  contents: {
    summary: 'The published entries of one entry bundle, as JSON Lines (contents/<N>[.p/<W>]), once all are public',
    raises: ['not_found'],
    params: ZLogFileParams,
    data: z.string(),
    media: ['application/x-ndjson'],
  },
  witnesses: {
    summary: 'Whether the record is witnessed: its witnesses, their newest cosignatures and refusals',
    data: ZRecordWitnessing,
  },
  uncounted: {
    summary: 'Signals of the public log that no figure counts (late, unwitnessed, awaiting a witness)',
    query: ZTrackRecordPageQuery,
    data: ZUncountedPage,
  },
  checkpoints: {
    summary: 'Every checkpoint a witness cosigned, with the cosignatures, in the order signed (keyset by id)',
    query: ZTrackRecordPageQuery,
    data: ZCheckpointPage,
  },
  latestCheckpoint: {
    summary: 'The latest checkpoint with its place and time',
    // No checkpoint signed yet.
    raises: ['not_found'],
    data: ZListedCheckpoint,
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
    summary: 'Reports a checkpoint (signed note) the record no longer extends (kept for admins)',
    body: ZWitnessReportRequest,
    data: ZWitnessReport,
  },
  admin: {
    summary: "The record's check and witnesses, signals waiting for a repair, and browsers' reports",
    data: ZTrackRecordAdminView,
  },
});
