import { z } from 'zod';
import { ZWinRateEvidence } from './evidence.schemas.js';
import { ZMarketFeedInfo } from './market-feed.js';
import { zText } from './request-fields.js';
import { DIRECTIONS } from './signals/direction.js';
import { ZSignal } from './signals/signal.js';

/**
 * The analyst desk: analysts (and admins) publish a signal by hand. Its entry price is the feed's price
 * when it is published, its windows and martingale plan follow from the chosen expiry window as for the
 * engine's signals, and it is never edited afterwards; a follow-up note can be appended.
 */

/** The expiry windows an analyst may choose, as multiples of the signal interval (5, 15, 30, 60 minutes). */
export const DESK_WINDOW_MULTIPLES = [1, 3, 6, 12] as const;

export const DESK_ANALYSIS_MAX = 2000;
export const DESK_NOTE_MAX = 2000;

export const DeskMessages = {
  instrumentRequired: 'Choose an instrument.',
  instrumentUnknown: (asset: string) => `The market feed does not list ${asset}. Choose one of its instruments.`,
  marketClosed: (asset: string, reason: string) =>
    `The market for ${asset} is closed (${reason}). No signal can be published now.`,
  directionInvalid: 'Choose a direction: CALL or PUT.',
  windowInvalid: (allowed: string) => `Choose an expiry window of ${allowed}.`,
  confidenceRange: 'Confidence must be a whole number from 1 to 100.',
  priceInvalid: 'Enter a price above 0, or leave it empty.',
  analysisRequired: 'Write the analysis behind the signal.',
  idempotencyKeyInvalid: 'This form has no valid key; reload the page.',
  priceUnavailable: (asset: string) =>
    `No ${asset} price can be had from the market feed right now; try again shortly.`,
  noteRequired: 'Write the note.',
  notOwnSignal: 'Only the analyst who published this signal, or an admin, can add a note to it.',
  published: 'Signal published',
  alreadyPublished: 'This form was already published; here is its signal.',
  noteAdded: 'Note added',
  paced: (max: number, minutes: number) =>
    `You published ${max} signals in the last hour, the most an analyst may. The next can go out in ${minutes} min.`,
} as const;

/** Labels of windows: "5 min", "1 h". */
export function formatWindow(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes >= 60 && minutes % 60 === 0) return `${minutes / 60} h`;
  if (Number.isInteger(minutes)) return `${minutes} min`;
  return `${Math.round(ms / 1000)} s`;
}

/** The expiry windows (ms) allowed at a signal interval. */
export function deskWindows(intervalMs: number): number[] {
  return DESK_WINDOW_MULTIPLES.map((m) => m * intervalMs);
}

/** The window's refusal, listing the allowed ones ("5 min, 15 min, 30 min or 1 h"). */
export function windowInvalidMessage(intervalMs: number): string {
  const labels = deskWindows(intervalMs).map(formatWindow);
  return DeskMessages.windowInvalid(`${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`);
}

const zPrice = z
  .number({ error: DeskMessages.priceInvalid })
  .positive(DeskMessages.priceInvalid)
  .finite(DeskMessages.priceInvalid)
  .nullable()
  .optional();

/** POST /api/desk/signals. */
export const ZDeskPublishRequest = z
  .object({
    asset: zText({ max: 40, required: DeskMessages.instrumentRequired }).min(1, DeskMessages.instrumentRequired),
    direction: z.enum(DIRECTIONS, { error: DeskMessages.directionInvalid }),
    windowMs: z.number({ error: DeskMessages.windowInvalid('one of the listed windows') }).int(),
    confidence: z
      .number({ error: DeskMessages.confidenceRange })
      .int(DeskMessages.confidenceRange)
      .min(1, DeskMessages.confidenceRange)
      .max(100, DeskMessages.confidenceRange),
    stopLoss: zPrice,
    takeProfit: zPrice,
    analysis: zText({ max: DESK_ANALYSIS_MAX, required: DeskMessages.analysisRequired, kind: 'multi-line' })
      .trim()
      .min(1, DeskMessages.analysisRequired),
    idempotencyKey: zText({ max: 36, required: DeskMessages.idempotencyKeyInvalid }).regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
      DeskMessages.idempotencyKeyInvalid,
    ),
  })
  .strict();
export type TDeskPublishRequest = z.infer<typeof ZDeskPublishRequest>;

/** POST /api/desk/signals/:id/notes. */
export const ZDeskNoteRequest = z
  .object({
    body: zText({ max: DESK_NOTE_MAX, required: DeskMessages.noteRequired, kind: 'multi-line' })
      .trim()
      .min(1, DeskMessages.noteRequired),
  })
  .strict();
export type TDeskNoteRequest = z.infer<typeof ZDeskNoteRequest>;

/** What the desk form offers: the feed's instruments (with whether each trades now) and the windows. */
export const ZDeskOptions = z.object({
  feed: ZMarketFeedInfo,
  instruments: z.array(z.object({ asset: z.string(), open: z.boolean(), reason: z.string().nullable() })),
  windows: z.array(z.object({ ms: z.number().int(), label: z.string() })),
  /** The signals this analyst published, newest first (for follow-up notes). */
  recent: z.array(ZSignal),
});
export type TDeskOptions = z.infer<typeof ZDeskOptions>;

/** One source's own record: an analyst or a model. */
export const ZSourceRecord = z.object({
  /** `analyst:<user id>` or `model:<strategy>`, as in the track record. */
  source: z.string(),
  kind: z.enum(['model', 'analyst']),
  /** "Model: momentum-v1" or "Analyst: Ada". */
  label: z.string(),
  issued: z.number().int(),
  resolved: z.number().int(),
  void: z.number().int(),
  evidence: ZWinRateEvidence,
});
export type TSourceRecord = z.infer<typeof ZSourceRecord>;
