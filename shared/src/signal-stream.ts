import { z } from 'zod';
import { ZPerformanceStats } from './performance.schemas.js';
import { zQueryInteger } from './request-fields.js';
import { ZRiskPlanStanding } from './risk-plan.js';
import { ZSignalView } from './signals/signal.js';

/**
 * The plain WebSocket stream (`GET /api/stream`) for programs that do not speak socket.io: one JSON
 * message per event, authenticated by a member's API key (`Authorization: Bearer sr_...`), cut by the
 * same tier view and daily allowance as the member's signal room.
 *
 * `seq` is the public track record's entry number for the two events the record holds (a signal issued,
 * a signal resolved): a client that reconnects with `?after=<seq>` first receives the entries it missed,
 * read from the database (at most STREAM_REPLAY_MAX; `truncated` says when more were missed, and the REST
 * reads fill the rest), then live events. Level moves and statistics are state, not history: they carry
 * `seq: null`, and the next resolution or REST read carries where they ended.
 */
export const SIGNAL_STREAM_PATH = '/api/stream';

/** Words of the stream's refusals (the rest are the API's own: unknown key, no live access). */
export const StreamMessages = {
  afterInvalid: 'after must be a track record entry number: a whole number, 0 or more.',
} as const;

/** The most entries one reconnect replays. */
export const STREAM_REPLAY_MAX = 500;

/** Close codes the stream uses beyond the standard ones (RFC 6455 leaves 4000-4999 to applications). */
export const STREAM_CLOSE = {
  /** The key was revoked, or the member lost live access while connected. */
  accessEnded: 4403,
  /** The client read too slowly: its unsent frames passed the server's bound. */
  tooSlow: 4408,
} as const;

const ZSeq = z.number().int().positive();

export const ZStreamMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    /** The newest record entry this connection has covered (replayed or current); null on an empty record. */
    lastSeq: ZSeq.nullable(),
    replayed: z.number().int().nonnegative(),
    /** More entries were missed than one reconnect replays: read the rest over REST. */
    truncated: z.boolean(),
  }),
  z.object({ type: z.literal('signal.issued'), seq: ZSeq.nullable(), signal: ZSignalView }),
  z.object({ type: z.literal('signal.updated'), seq: z.null(), signal: ZSignalView }),
  z.object({ type: z.literal('signal.resolved'), seq: ZSeq.nullable(), signal: ZSignalView }),
  z.object({ type: z.literal('stats'), seq: z.null(), stats: ZPerformanceStats }),
  /**
   * The key's member's risk plan where it stands now (as `GET /api/users/risk-plan` answers), sent to
   * that member's connections only: after `ready`, and after each issued or resolved signal, so a program
   * follows the stakes and the day's stop the room shows. Never sent to a member without a plan.
   */
  z.object({ type: z.literal('plan'), seq: z.null(), plan: ZRiskPlanStanding }),
]);
export type TStreamMessage = z.infer<typeof ZStreamMessage>;

/** The `after` query of a reconnect: a record entry number, or nothing for live events only. */
export const ZSignalStreamQuery = z.object({
  after: zQueryInteger(0, Number.MAX_SAFE_INTEGER, StreamMessages.afterInvalid).optional(),
});
