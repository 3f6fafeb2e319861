import { describe, expect, it } from 'vitest';
import { judgeWindow, resolveAfterWindow } from './outcome.js';

describe('judgeWindow', () => {
  it('wins a buy that closes above its entry and a sell that closes below', () => {
    expect(judgeWindow({ signalType: 'buy', entryPrice: 1.1, exitPrice: 1.10001 }).kind).toBe('won');
    expect(judgeWindow({ signalType: 'sell', entryPrice: 1.1, exitPrice: 1.09999 }).kind).toBe('won');
  });

  it('loses a buy that closes below and a sell that closes above', () => {
    expect(judgeWindow({ signalType: 'buy', entryPrice: 1.1, exitPrice: 1.09 }).kind).toBe('lost');
    expect(judgeWindow({ signalType: 'sell', entryPrice: 1.1, exitPrice: 1.2 }).kind).toBe('lost');
  });

  it('calls an unchanged price breakeven', () => {
    expect(judgeWindow({ signalType: 'buy', entryPrice: 150.123, exitPrice: 150.123 }).kind).toBe('breakeven');
  });

  it('ends at the take profit when the window touched it, even if it closed lower', () => {
    const r = judgeWindow({
      signalType: 'buy',
      entryPrice: 1,
      exitPrice: 0.99,
      high: 1.02,
      low: 0.99,
      takeProfit: 1.015,
    });
    expect(r).toEqual({ kind: 'take_profit', exitPrice: 1.015 });
  });

  it('ends at the stop loss of a sell when the high reached it', () => {
    const r = judgeWindow({
      signalType: 'sell',
      entryPrice: 1,
      exitPrice: 0.98,
      high: 1.01,
      low: 0.98,
      stopLoss: 1.005,
    });
    expect(r).toEqual({ kind: 'stop_loss', exitPrice: 1.005 });
  });

  it('counts the stop loss when both levels were touched in one window', () => {
    const r = judgeWindow({
      signalType: 'buy',
      entryPrice: 1,
      exitPrice: 1.03,
      high: 1.03,
      low: 0.97,
      stopLoss: 0.98,
      takeProfit: 1.02,
    });
    expect(r.kind).toBe('stop_loss');
  });
});

describe('resolveAfterWindow', () => {
  it('closes with profit at the level that won', () => {
    expect(resolveAfterWindow(2, { kind: 'won', exitPrice: 1.2 })).toEqual({
      final: true,
      status: 'closed',
      outcome: 'profit',
      resolvedLevel: 2,
      exitPrice: 1.2,
    });
  });

  it('moves a lost window to the next martingale level, up to level 3', () => {
    expect(resolveAfterWindow(0, { kind: 'lost', exitPrice: 1 })).toEqual({ final: false, nextLevel: 1 });
    expect(resolveAfterWindow(2, { kind: 'lost', exitPrice: 1 })).toEqual({ final: false, nextLevel: 3 });
  });

  it('expires with a loss when level 3 is lost too', () => {
    expect(resolveAfterWindow(3, { kind: 'lost', exitPrice: 0.9 })).toEqual({
      final: true,
      status: 'expired',
      outcome: 'loss',
      resolvedLevel: null,
      exitPrice: 0.9,
    });
  });

  it('maps take profit and stop loss to hit_tp and hit_sl', () => {
    expect(resolveAfterWindow(1, { kind: 'take_profit', exitPrice: 2 })).toMatchObject({
      status: 'hit_tp',
      outcome: 'profit',
      resolvedLevel: 1,
    });
    expect(resolveAfterWindow(0, { kind: 'stop_loss', exitPrice: 2 })).toMatchObject({
      status: 'hit_sl',
      outcome: 'loss',
      resolvedLevel: null,
    });
  });

  it('closes a breakeven window without moving to the next level', () => {
    expect(resolveAfterWindow(0, { kind: 'breakeven', exitPrice: 1 })).toMatchObject({
      final: true,
      status: 'closed',
      outcome: 'breakeven',
    });
  });
});
