import { describe, expect, it } from 'vitest';
import { BOT_RISK_RULES, settlePaperTrade, ZBotSettingsRequest } from './paper-trading.js';

describe('settlePaperTrade (base stake $100, payout 80 %, stakes doubling per level)', () => {
  const settle = (outcome: 'profit' | 'loss' | 'breakeven', signalLevel: number, maxLevel: number) =>
    settlePaperTrade({ outcome, signalLevel, maxLevel, stake: 100 });

  it('a win in the first window pays 80 % of the stake', () => {
    expect(settle('profit', 0, 2)).toEqual({ level: 0, pnl: 80, result: 'WIN' });
  });

  it("pays the operator's payout (PAYOUT_PERCENT) when one is given", () => {
    expect(settlePaperTrade({ outcome: 'profit', signalLevel: 0, maxLevel: 2, stake: 100, payoutPercent: 85 })).toEqual(
      {
        level: 0,
        pnl: 85,
        result: 'WIN',
      },
    );
    // 85 % of $200 at level 1, minus the $100 lost before: +$70.
    expect(
      settlePaperTrade({ outcome: 'profit', signalLevel: 1, maxLevel: 1, stake: 100, payoutPercent: 85 }).pnl,
    ).toBe(70);
    expect(settlePaperTrade({ outcome: 'loss', signalLevel: 1, maxLevel: 1, stake: 100, payoutPercent: 85 }).pnl).toBe(
      -300,
    );
  });

  it('a win at level 1 pays 80 % of $200 minus the $100 lost before: +$60', () => {
    expect(settle('profit', 1, 1)).toEqual({ level: 1, pnl: 60, result: 'WIN' });
  });

  it('a win at level 2 pays 80 % of $400 minus $100 and $200: +$20', () => {
    expect(settle('profit', 2, 2)).toEqual({ level: 2, pnl: 20, result: 'WIN' });
  });

  it('a win at a level the risk level does not play loses every level it does play', () => {
    expect(settle('profit', 2, 0)).toEqual({ level: 0, pnl: -100, result: 'LOSS' });
    expect(settle('profit', 3, 2)).toEqual({ level: 2, pnl: -700, result: 'LOSS' });
  });

  it('a loss after every level loses their sum', () => {
    expect(settle('loss', 3, 1)).toEqual({ level: 1, pnl: -300, result: 'LOSS' });
    expect(settle('loss', 0, 0)).toEqual({ level: 0, pnl: -100, result: 'LOSS' });
  });

  it('a breakeven returns its stake: even in the first window, the earlier losses after', () => {
    expect(settle('breakeven', 0, 2)).toEqual({ level: 0, pnl: 0, result: 'EVEN' });
    expect(settle('breakeven', 1, 2)).toEqual({ level: 1, pnl: -100, result: 'LOSS' });
  });

  it('every win a risk level can reach makes money', () => {
    for (const rule of Object.values(BOT_RISK_RULES)) {
      for (let level = 0; level <= rule.maxLevel; level += 1) {
        expect(settle('profit', level, rule.maxLevel).pnl).toBeGreaterThan(0);
      }
    }
  });
});

describe('ZBotSettingsRequest', () => {
  it('accepts the three risk levels, 1 to 100 trades and the three sizes only', () => {
    expect(ZBotSettingsRequest.safeParse({ riskLevel: 'moderate', maxTradesPerDay: 15, tradeSize: 100 }).success).toBe(
      true,
    );
    expect(ZBotSettingsRequest.safeParse({ riskLevel: 'moderate', maxTradesPerDay: 0, tradeSize: 100 }).success).toBe(
      false,
    );
    expect(ZBotSettingsRequest.safeParse({ riskLevel: 'moderate', maxTradesPerDay: 15, tradeSize: 75 }).success).toBe(
      false,
    );
  });
});
