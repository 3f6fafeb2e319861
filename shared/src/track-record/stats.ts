import { z } from 'zod';
import { TIMING } from '../constants.js';
import { ZInstant } from '../iso-date.js';
import type { Direction } from '../signals/direction.js';
import { toCents as cents, levelStake, STAKE_RULE, type StakeRule, sequenceProfit } from '../signals/stake-plan.js';

/**
 * The public track record's statistics, from resolved signals only: win rates with their 95% Wilson
 * interval (first window and with martingale recovery, never one unqualified rate), win rate per
 * martingale level, calibration of the stated confidence, and the equity curve of a stated stake plan.
 */

/** The facts of one resolved signal the record's statistics need, oldest first. */
export interface TrackRecordFacts {
  asset: string;
  direction: Direction;
  /** Stated confidence (percent) that the first window closes in the signal's direction. */
  confidence: number;
  outcome: 'profit' | 'loss' | 'breakeven';
  /** Level it ended at: where it won or broke even, or the last level played for a loss. */
  endLevel: number;
  resolvedAt: string;
  /**
   * The payout (percent) the log stated when the signal was issued: its result in the equity curve is
   * paid at it, so a later payout change never rewrites the past. Absent: the plan's payout.
   */
  payoutPercent?: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/**
 * The 95% Wilson score interval of `won` out of `total`, in percent with one decimal; null when there
 * is nothing to count. Unlike the plain ± interval it stays within 0-100 and is honest for small counts.
 */
export function wilsonInterval(won: number, total: number, z: number = Z95): { low: number; high: number } | null {
  if (total <= 0) return null;
  const p = won / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  return { low: round1(Math.max(0, centre - half) * 100), high: round1(Math.min(1, centre + half) * 100) };
}

export const ZRate = z.object({
  won: z.number().int(),
  total: z.number().int(),
  /** Percent, one decimal; null when total is 0. */
  percent: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type TRate = z.infer<typeof ZRate>;

/** A rate with its Wilson interval. */
export function rateOf(won: number, total: number): TRate {
  const interval = wilsonInterval(won, total);
  return {
    won,
    total,
    percent: total > 0 ? round1((won / total) * 100) : null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
  };
}

const ZGroupRates = z.object({ key: z.string(), firstWindow: ZRate, withMartingale: ZRate });
export type TGroupRates = z.infer<typeof ZGroupRates>;

function groupRates(key: string, signals: readonly TrackRecordFacts[]): TGroupRates {
  const firstWindow = signals.filter((s) => s.outcome === 'profit' && s.endLevel === 0).length;
  const any = signals.filter((s) => s.outcome === 'profit').length;
  return { key, firstWindow: rateOf(firstWindow, signals.length), withMartingale: rateOf(any, signals.length) };
}

function groupBy(signals: readonly TrackRecordFacts[], keyOf: (s: TrackRecordFacts) => string): TGroupRates[] {
  const groups = new Map<string, TrackRecordFacts[]>();
  for (const s of signals) {
    const members = groups.get(keyOf(s));
    if (members) members.push(s);
    else groups.set(keyOf(s), [s]);
  }
  return [...groups.entries()]
    .map(([key, members]) => groupRates(key, members))
    .sort((a, b) => b.firstWindow.total - a.firstWindow.total || a.key.localeCompare(b.key));
}

/**
 * Win rate at each martingale level: of the signals that played level n (those that ended at n or
 * later), the share won at n. Level 0 is the first-window rate; later levels show what recovery does.
 */
export function winRateByLevel(
  signals: readonly TrackRecordFacts[],
  maxLevel: number = TIMING.martingaleMaxLevel,
): { level: number; rate: TRate }[] {
  return Array.from({ length: maxLevel + 1 }, (_, level) => {
    const played = signals.filter((s) => s.endLevel >= level);
    const won = played.filter((s) => s.outcome === 'profit' && s.endLevel === level).length;
    return { level, rate: rateOf(won, played.length) };
  });
}

/** Width of a calibration band, in confidence points. */
export const CALIBRATION_BAND_POINTS = 5;

export const ZCalibrationBand = z.object({
  /** Band of stated confidence, [from, to) in percent (the last band includes 100). */
  from: z.number(),
  to: z.number(),
  /** Mean stated confidence of the signals in the band. */
  statedMean: z.number(),
  /** Realised first-window win rate (the window the confidence speaks about). */
  realised: ZRate,
});
export type TCalibrationBand = z.infer<typeof ZCalibrationBand>;

/**
 * Stated confidence against realised first-window win rate, in bands of 5 points, only bands that hold
 * signals, lowest first. A calibrated engine's bands sit on the diagonal within their intervals.
 */
export function calibrationBands(signals: readonly TrackRecordFacts[]): TCalibrationBand[] {
  const bands = new Map<number, { sum: number; won: number; total: number }>();
  for (const s of signals) {
    const from = Math.min(
      100 - CALIBRATION_BAND_POINTS,
      Math.floor(s.confidence / CALIBRATION_BAND_POINTS) * CALIBRATION_BAND_POINTS,
    );
    const band = bands.get(from) ?? { sum: 0, won: 0, total: 0 };
    band.sum += s.confidence;
    band.total += 1;
    if (s.outcome === 'profit' && s.endLevel === 0) band.won += 1;
    bands.set(from, band);
  }
  return [...bands.entries()]
    .sort(([a], [b]) => a - b)
    .map(([from, b]) => ({
      from,
      to: from + CALIBRATION_BAND_POINTS,
      statedMean: round1(b.sum / b.total),
      realised: rateOf(b.won, b.total),
    }));
}

/**
 * The stake plan the equity curve assumes, stated on the page: a base stake on the first window, each
 * martingale level staking `stakeMultiplier` times the one before (doubling: 10, 20, 40, 80), a won
 * window paying `payoutPercent` of its stake on top of it, a breakeven window returning its stake.
 * These are assumptions of the illustration, not broker terms.
 */
export const STAKE_PLAN = {
  baseStake: 10,
  stakeMultiplier: STAKE_RULE.multiplier,
  payoutPercent: STAKE_RULE.payout * 100,
  maxLevel: TIMING.martingaleMaxLevel,
} as const;

export const ZStakePlan = z.object({
  baseStake: z.number(),
  stakeMultiplier: z.number(),
  payoutPercent: z.number(),
  maxLevel: z.number().int(),
});
export type TStakePlan = z.infer<typeof ZStakePlan>;

/** Stake of each level under a plan: level n stakes base × multiplier^n. */
export function planStakes(plan: TStakePlan = STAKE_PLAN): number[] {
  return Array.from({ length: plan.maxLevel + 1 }, (_, level) => levelStake(plan.baseStake, level, ruleOf(plan)));
}

/**
 * Result of one signal under the plan: every level before the last played is lost; the last one pays
 * `payoutPercent` of its stake on a win, nothing on a breakeven, and loses its stake on a loss.
 */
export function signalProfit(
  s: Pick<TrackRecordFacts, 'outcome' | 'endLevel' | 'payoutPercent'>,
  plan: TStakePlan = STAKE_PLAN,
): number {
  const at = s.payoutPercent === undefined ? plan : { ...plan, payoutPercent: s.payoutPercent };
  return sequenceProfit({ baseStake: plan.baseStake, lastLevel: s.endLevel, lastWindow: s.outcome }, ruleOf(at));
}

function ruleOf(plan: TStakePlan): StakeRule {
  return { multiplier: plan.stakeMultiplier, payout: plan.payoutPercent / 100 };
}

export const ZEquityPoint = z.object({ at: ZInstant, equity: z.number() });

export const ZEquityCurve = z.object({
  plan: ZStakePlan,
  /** Cumulative result after each resolved signal, oldest first (thinned to at most EQUITY_POINTS_MAX). */
  points: z.array(ZEquityPoint),
  final: z.number(),
  /** Largest fall from a peak (the start, 0, counts as one) to a later low, as a positive amount. */
  maxDrawdown: z.number(),
});
export type TEquityCurve = z.infer<typeof ZEquityCurve>;

/** Most points the curve carries; the drawdown and final figure always use every signal. */
export const EQUITY_POINTS_MAX = 500;

/** Cumulative result of the plan over resolved signals (oldest first) and its maximum drawdown. */
export function equityCurve(signals: readonly TrackRecordFacts[], plan: TStakePlan = STAKE_PLAN): TEquityCurve {
  return {
    plan: { ...plan },
    ...cumulativeResult(signals.map((s) => ({ at: s.resolvedAt, result: signalProfit(s, plan) }))),
  };
}

/**
 * A running total of results (oldest first): its points (thinned to at most EQUITY_POINTS_MAX), the final
 * figure and the largest fall from a peak (the start, 0, counts as one), from every result.
 */
export function cumulativeResult(results: readonly { at: string; result: number }[]): Omit<TEquityCurve, 'plan'> {
  let equity = 0;
  let peak = 0;
  let maxDrawdown = 0;
  const all: { at: string; equity: number }[] = [];
  for (const { at, result } of results) {
    equity = cents(equity + result);
    peak = Math.max(peak, equity);
    maxDrawdown = Math.max(maxDrawdown, cents(peak - equity));
    all.push({ at, equity });
  }
  const step = Math.ceil(all.length / EQUITY_POINTS_MAX);
  const points = step <= 1 ? all : all.filter((_, i) => i % step === 0 || i === all.length - 1);
  return { points, final: equity, maxDrawdown };
}

export const ZTrackRecordStats = z.object({
  resolvedSignals: z.number().int(),
  overall: ZGroupRates,
  byAsset: z.array(ZGroupRates),
  byDirection: z.array(ZGroupRates),
  byLevel: z.array(z.object({ level: z.number().int(), rate: ZRate })),
  calibration: z.array(ZCalibrationBand),
  equity: ZEquityCurve,
});
export type TTrackRecordStats = z.infer<typeof ZTrackRecordStats>;

/** Every figure of the public page from resolved signals, oldest first. */
export function computeTrackRecordStats(signals: readonly TrackRecordFacts[]): TTrackRecordStats {
  return {
    resolvedSignals: signals.length,
    overall: groupRates('all', signals),
    byAsset: groupBy(signals, (s) => s.asset),
    byDirection: groupBy(signals, (s) => s.direction),
    byLevel: winRateByLevel(signals),
    calibration: calibrationBands(signals),
    equity: equityCurve(signals),
  };
}
