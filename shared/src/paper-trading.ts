import { z } from 'zod';
import { DEFAULT_PAYOUT_PERCENT, stakeRuleAt } from './evidence.js';
import { ZInstant } from './iso-date.js';
import { zChoice } from './request-fields.js';
import { TRADE_SIDES } from './signals/direction.js';
import { sequenceProfit } from './signals/stake-plan.js';

/**
 * The AI trading bot of gold members: a paper-trading bot that follows the engine's real signals with
 * the member's settings. Its rules (what each risk level changes, stakes, the P&L of a martingale
 * sequence) are defined here once; the worker settles trades with them and the page explains them.
 */

export const BOT_RISK_LEVELS = ['conservative', 'moderate', 'aggressive'] as const;
export type BotRiskLevel = (typeof BOT_RISK_LEVELS)[number];

export interface BotRiskRule {
  label: string;
  /** The lowest signal confidence (percent) the bot opens a trade on. */
  minConfidence: number;
  /** The last martingale level the bot plays (0 = the primary window only). */
  maxLevel: number;
}

/**
 * Conservative takes only the stronger signals and never doubles; Moderate takes most and allows one
 * recovery step; Aggressive takes every signal and allows two. No level plays the signal's third recovery
 * step: with doubled stakes and the payout (STAKE_RULE) a win there would not cover the three losses before it.
 */
export const BOT_RISK_RULES: Record<BotRiskLevel, BotRiskRule> = {
  conservative: { label: 'Conservative', minConfidence: 62, maxLevel: 0 },
  moderate: { label: 'Moderate', minConfidence: 58, maxLevel: 1 },
  aggressive: { label: 'Aggressive', minConfidence: 0, maxLevel: 2 },
};

export const BOT_TRADE_SIZES = [50, 100, 250] as const;
export type BotTradeSize = (typeof BOT_TRADE_SIZES)[number];

export const BOT_LIMITS = { maxTradesMin: 1, maxTradesMax: 100, maxTradesDefault: 15 } as const;

export const BOT_DEFAULT_SETTINGS = {
  riskLevel: 'moderate' as BotRiskLevel,
  maxTradesPerDay: BOT_LIMITS.maxTradesDefault,
  tradeSize: 100 as BotTradeSize,
};

/** Active Trades timeframe buttons and how far back each looks. */
export const BOT_TIMEFRAMES = { '1H': 3_600_000, '4H': 4 * 3_600_000, '1D': 86_400_000, '1W': 7 * 86_400_000 } as const;
export type BotTimeframe = keyof typeof BOT_TIMEFRAMES;

export type PaperTradeResult = 'WIN' | 'LOSS' | 'EVEN';

/**
 * Settles one bot trade from its signal's real result. `signalLevel` is the level the signal ended at
 * (the winning or breakeven level, or the last level played on a loss). The bot plays levels 0 to
 * min(signalLevel, maxLevel): every level before the last is a loss of its stake; the last one pays
 * the stake rule's payout on its stake when the signal won there, returns its stake on a breakeven, and is lost
 * otherwise (the signal lost, or won only at a level the bot does not play).
 * Result: WIN when the sequence made money, LOSS when it lost some, EVEN at exactly zero. A won window
 * pays `payoutPercent` of its stake (PAYOUT_PERCENT, the payout every figure of the record states).
 */
export function settlePaperTrade(input: {
  outcome: 'profit' | 'loss' | 'breakeven';
  signalLevel: number;
  maxLevel: number;
  stake: number;
  payoutPercent?: number;
}): { level: number; pnl: number; result: PaperTradeResult } {
  const level = Math.min(input.signalLevel, input.maxLevel);
  // A bot that stops before the signal's last level lost its own last window, whatever came after.
  const lastWindow = level === input.signalLevel ? input.outcome : 'loss';
  const pnl = sequenceProfit(
    { baseStake: input.stake, lastLevel: level, lastWindow },
    stakeRuleAt(input.payoutPercent ?? DEFAULT_PAYOUT_PERCENT),
  );
  return { level, pnl, result: pnl > 0 ? 'WIN' : pnl < 0 ? 'LOSS' : 'EVEN' };
}

export const BotMessages = {
  riskLevel: 'Choose a risk level: Conservative, Moderate or Aggressive',
  maxTrades: `Max trades per day must be a whole number from ${BOT_LIMITS.maxTradesMin} to ${BOT_LIMITS.maxTradesMax}`,
  tradeSize: 'Choose a trade size: $50, $100 or $250',
  loaded: 'Bot loaded',
  saved: 'Bot settings updated',
  started: 'Bot started',
  paused: 'Bot paused',
} as const;

export const ZBotSettingsRequest = z
  .object({
    riskLevel: zChoice(BOT_RISK_LEVELS, BotMessages.riskLevel),
    maxTradesPerDay: z
      .number({ error: BotMessages.maxTrades })
      .int(BotMessages.maxTrades)
      .min(BOT_LIMITS.maxTradesMin, BotMessages.maxTrades)
      .max(BOT_LIMITS.maxTradesMax, BotMessages.maxTrades),
    tradeSize: z.literal(BOT_TRADE_SIZES, { error: BotMessages.tradeSize }),
  })
  .strict();
export type TBotSettingsRequest = z.infer<typeof ZBotSettingsRequest>;

export const ZBotSettings = z.object({
  riskLevel: z.enum(BOT_RISK_LEVELS),
  maxTradesPerDay: z.number().int(),
  tradeSize: z.number(),
  active: z.boolean(),
  updatedAt: ZInstant.nullable(),
});
export type TBotSettings = z.infer<typeof ZBotSettings>;

export const ZPaperTrade = z.object({
  id: z.string(),
  signalId: z.string(),
  asset: z.string(),
  /** BUY for a CALL signal, SELL for a PUT. */
  type: z.enum(TRADE_SIDES),
  stake: z.number(),
  maxLevel: z.number().int(),
  confidence: z.number(),
  openedAt: ZInstant,
  status: z.enum(['open', 'closed']),
  closedAt: ZInstant.nullable(),
  /** The last martingale level played; null while open. */
  level: z.number().int().nullable(),
  pnl: z.number().nullable(),
  result: z.enum(['WIN', 'LOSS', 'EVEN']).nullable(),
});
export type TPaperTrade = z.infer<typeof ZPaperTrade>;

export const ZBotStats = z.object({
  closedTrades: z.number().int(),
  totalProfit: z.number(),
  /** Percent of closed trades that made money; null before the first closes. */
  winRate: z.number().nullable(),
  activeTrades: z.number().int(),
  /** Mean P&L per closed trade as a percent of its base stake; null before the first closes. */
  averageReturn: z.number().nullable(),
});
export type TBotStats = z.infer<typeof ZBotStats>;

export const ZBotOverview = z.object({
  settings: ZBotSettings,
  stats: ZBotStats,
  activeTrades: z.array(ZPaperTrade),
  recentTrades: z.array(ZPaperTrade),
  /** Cumulative P&L after each closed trade, oldest first. */
  equity: z.array(z.object({ time: z.string(), value: z.number() })),
  /** Trades opened today (the operator's day) against maxTradesPerDay. */
  tradesToday: z.number().int(),
});
export type TBotOverview = z.infer<typeof ZBotOverview>;
