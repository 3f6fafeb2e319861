import { z } from 'zod';
import { ZInstant } from '../iso-date.js';
import { SIGNAL_TYPES, ZDirection } from './direction.js';

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

/**
 * Which daily allowance a signal counts against, and its place in it: `model` (the engine's signals of
 * the day) and `desk` (the analysts') are counted apart unless the operator counts them together (`all`,
 * DESK_IN_ALLOWANCE). A tier's room shows the first N of each pool in full.
 */
export const ALLOWANCE_POOLS = ['all', 'model', 'desk'] as const;
export type AllowancePool = (typeof ALLOWANCE_POOLS)[number];
export const ZSignalAllowance = z.object({
  pool: z.enum(ALLOWANCE_POOLS),
  /** From 1: the signal's place among the day's signals of its pool. */
  place: z.number().int().positive(),
});
export type TSignalAllowance = z.infer<typeof ZSignalAllowance>;

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
  /** The daily allowance it counts against and its place in it; absent in older payloads (then `daySequence`). */
  allowance: ZSignalAllowance.optional(),
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
  allowance: ZSignalAllowance.optional(),
  locked: z.literal(true),
});
export type TLockedSignal = z.infer<typeof ZLockedSignal>;

export const ZSignalView = z.discriminatedUnion('locked', [ZSignal, ZLockedSignal]);
export type TSignalView = z.infer<typeof ZSignalView>;
