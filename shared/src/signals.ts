import { z } from 'zod';
import { SIGNAL_TYPES, ZDirection } from './direction.js';
import { ZWinRateEvidence } from './evidence.schemas.js';
import { ZInstant } from './iso-date.js';

/** `void`: no closing price could be had within the bound (docs/decisions.md): neither a win nor a loss. */
export const SIGNAL_STATUSES = ['active', 'expired', 'closed', 'hit_tp', 'hit_sl', 'void'] as const;
export const SIGNAL_OUTCOMES = ['profit', 'loss', 'breakeven'] as const;

/** A signal as members receive it. Times are ISO strings. */
/**
 * Where a signal sits in the track record: its issue entry's place and hash, and the signed checkpoint
 * (a C2SP note, text) that covered the entry before the signal was sent to anyone: with it a member holds
 * the log's signed promise that this entry was logged, to set against any later history.
 */
export const ZSignalRecordRef = z.object({
  seq: z.number().int().positive(),
  hash: z.string(),
  /** Absent for signals issued before checkpoints were signed notes. */
  checkpoint: z.string().optional(),
});
export type TSignalRecordRef = z.infer<typeof ZSignalRecordRef>;

/** Who issued a signal: the engine's strategy, or an analyst on the desk (`label` is what pages show). */
export const ZSignalIssuer = z.object({
  kind: z.enum(['model', 'analyst']),
  /** The strategy's name ('momentum-v1') or the analyst's name. */
  name: z.string(),
  /** "Model: momentum-v1" or "Analyst: Ada". */
  label: z.string(),
});
export type TSignalIssuer = z.infer<typeof ZSignalIssuer>;

/** The issuer of a signal from its stored author and strategy. */
export function signalIssuerOf(signal: { authorName: string | null; strategy: string }): TSignalIssuer {
  if (signal.authorName !== null) {
    return { kind: 'analyst', name: signal.authorName, label: `Analyst: ${signal.authorName}` };
  }
  return { kind: 'model', name: signal.strategy, label: `Model: ${signal.strategy}` };
}

/** A follow-up note its analyst (or an admin) appended to a published signal. */
export const ZSignalNote = z.object({
  id: z.string(),
  signalId: z.string(),
  authorName: z.string(),
  body: z.string(),
  createdAt: ZInstant,
});
export type TSignalNote = z.infer<typeof ZSignalNote>;

export const ZSignal = z.object({
  id: z.string(),
  asset: z.string(),
  signalType: z.enum(SIGNAL_TYPES),
  direction: ZDirection,
  entryPrice: z.number(),
  confidence: z.number(),
  status: z.enum(SIGNAL_STATUSES),
  outcome: z.enum(SIGNAL_OUTCOMES).nullable(),
  /** The slot's start: the entry price and the windows count from it. */
  createdAt: ZInstant,
  /** When the signal was really issued; past `createdAt` by more than a moment when issued late. Absent in older payloads. */
  issuedAt: ZInstant.optional(),
  updatedAt: ZInstant.nullable(),
  expiresAt: ZInstant,
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
  analysis: z.string().nullable(),
  /** Martingale level (0 = primary) at which the signal won; null while open or when it lost. */
  resolvedLevel: z.number().int().min(0).max(3).nullable(),
  exitPrice: z.number().nullable(),
  /** Position of the signal within its day in the operator's time zone, from 1. */
  daySequence: z.number().int().positive(),
  /** The feed its prices came from: 'simulated', 'oanda:practice', 'ccxt:binance', 'http' ('feed' before ids were exact). */
  source: z.string(),
  /** Why a void signal has no outcome (its closing price could not be had); absent otherwise. */
  voidReason: z.string().nullable().optional(),
  /** Martingale level in play while the signal is active (0 = primary window); absent in older payloads. */
  activeLevel: z.number().int().min(0).max(3).optional(),
  /**
   * The track record entry that issued it, appended (and covered by a signed checkpoint) before the
   * signal was sent: a member's copy carries this hash so they can prove what they were sent. Null for
   * signals from before the record's checkpoints; absent in older payloads.
   */
  record: ZSignalRecordRef.nullable().optional(),
  /** Who issued it ("Model: momentum-v1", "Analyst: Ada"); absent in older payloads. */
  issuedBy: ZSignalIssuer.optional(),
  /** Follow-up notes, oldest first, where the answer carries them (the REST list does; live ones come as `signal:note`). */
  notes: z.array(ZSignalNote).optional(),
  locked: z.literal(false),
});
export type TSignal = z.infer<typeof ZSignal>;

/** What a room past its daily allowance gets instead of the signal: that one exists, not what it is. */
export const ZLockedSignal = z.object({
  id: z.string(),
  createdAt: ZInstant,
  expiresAt: ZInstant,
  daySequence: z.number().int().positive(),
  locked: z.literal(true),
});
export type TLockedSignal = z.infer<typeof ZLockedSignal>;

export const ZSignalView = z.discriminatedUnion('locked', [ZSignal, ZLockedSignal]);
export type TSignalView = z.infer<typeof ZSignalView>;

/** Resolved signals and wins of one group (an asset or a direction). */
const ZGroupRecord = {
  total: z.number().int(),
  /** Won at any martingale level. */
  won: z.number().int(),
  /** Won in the first (primary) window, level 0. */
  wonFirstWindow: z.number().int(),
};

/**
 * Statistics from resolved signals only; `empty` until the first one resolves. There are two win rates
 * and never one unqualified rate: a win at martingale level 1-3 is a recovery, not a first-window win.
 * Rates are percentages (0-100) with one decimal, null before anything resolved.
 */
export const ZPerformanceStats = z.object({
  empty: z.boolean(),
  totalSignals: z.number().int(),
  /** Won at any level (first window or martingale recovery). */
  wonSignals: z.number().int(),
  lostSignals: z.number().int(),
  breakevenSignals: z.number().int(),
  /** Won in the first window (level 0) out of all resolved, percent. */
  winRateFirstWindow: z.number().nullable(),
  /** Won at any level (first window or martingale recovery) out of all resolved, percent. */
  winRateWithMartingale: z.number().nullable(),
  avgConfidence: z.number().nullable(),
  /** Wins per martingale level: index 0 is the first window, 1-3 the recovery levels. */
  winsByLevel: z.array(z.number().int()),
  byAsset: z.array(z.object({ asset: z.string(), ...ZGroupRecord })),
  byDirection: z.array(z.object({ direction: ZDirection, ...ZGroupRecord })),
  longestLosingStreak: z.number().int(),
  /** Both rates with their sample, interval, break-even at the payout and expected value per unit. */
  evidence: ZWinRateEvidence,
  /**
   * True while the server's own check finds the track record broken: these figures are not backed by an
   * intact record, and pages show the break instead of them. Set by the server (absent from the worker).
   */
  recordBroken: z.boolean().optional(),
});
export type TPerformanceStats = z.infer<typeof ZPerformanceStats>;

/** Landing-page figures, all counted from records (docs/decisions.md, "Honest by construction"). */
export const ZPublicStats = z.object({
  members: z.number().int(),
  signalsIssued: z.number().int(),
  resolvedSignals: z.number().int(),
  /** The rate public pages lead with: won in the first window, percent; null before anything resolved. */
  winRateFirstWindow: z.number().nullable(),
  /** Won at any level, martingale recovery included, percent; null before anything resolved. */
  winRateWithMartingale: z.number().nullable(),
  winsByLevel: z.array(z.number().int()),
  marketsCovered: z.number().int(),
  /** The feed's id ('simulated', 'oanda:practice', 'ccxt:binance', 'http'). */
  marketSource: z.string(),
  /** When the newest signal was issued (ISO), null before the first: tells whether the room is live. */
  lastSignalAt: ZInstant.nullable(),
  /** Both rates with their sample, interval, break-even at the payout and expected value per unit. */
  evidence: ZWinRateEvidence,
  /** True while the server's own check finds the track record broken: the rates are withheld (null). */
  recordBroken: z.boolean(),
});
export type TPublicStats = z.infer<typeof ZPublicStats>;
