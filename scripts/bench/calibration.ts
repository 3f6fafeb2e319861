/**
 * Calibration report of the default strategy: does a 60 % signal win 60 % of the time?
 *
 *   npm run bench:calibration                      # 20,000 simulated slots, seed "calibration-check"
 *   npm run bench:calibration -- --slots 50000 --seed other
 *   npm run bench:calibration -- --fit --slots 60000   # refit weights and knots on seed "calibration-fit"
 *
 * Each slot runs exactly what the engine runs (same candles, same strategy, same pick of the strongest
 * market) on the simulated market, then judges the primary window and the martingale levels with the
 * shared outcome rules. Confidence is a claim about the primary window, so that is what the bands test.
 */
import { judgeWindow, martingaleLevels, resolveAfterWindow, SIGNAL_ASSETS, wilsonInterval } from '@signalroom/shared';
import {
  type Candle,
  DEFAULT_MOMENTUM_WEIGHTS,
  MomentumStrategy,
  type MomentumWeights,
  momentumFeatures,
  pickStrongest,
  roundPrice,
  SimulatedMarket,
} from '@signalroom/worker';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
};
const fit = args.includes('--fit');
const slots = Number(arg('slots', fit ? '20000' : '20000'));
const seed = arg('seed', fit ? 'calibration-fit' : 'calibration-check');
const windowMs = 5 * 60 * 1000;
const start = Date.parse('2026-01-05T00:00:00Z');

const market = new SimulatedMarket({ seed });
const cache = new Map<string, number>();
/** Rounded price, cached: consecutive slots share most of their candles. */
function price(asset: string, t: number): number {
  const key = `${asset}|${t}`;
  let p = cache.get(key);
  if (p === undefined) {
    p = roundPrice(asset, market.rawPrice(asset, t));
    cache.set(key, p);
  }
  return p;
}
function candles(asset: string, end: number, intervalMs: number, count: number): Candle[] {
  const out: Candle[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const t0 = end - (i + 1) * intervalMs;
    const open = price(asset, t0);
    const close = price(asset, t0 + intervalMs);
    out.push({ time: new Date(t0), open, close, high: Math.max(open, close), low: Math.min(open, close) });
  }
  return out;
}

const strategy = new MomentumStrategy();
const lookback = strategy.lookback(windowMs);

if (fit) runFit();
else runReport();

function runFit(): void {
  // Logistic regression without intercept (up and down are symmetric) by Newton's method on 3 weights.
  const rows: { x: [number, number, number]; y: number }[] = [];
  for (let s = 0; s < slots; s += 1) {
    const t = start + s * windowMs;
    for (const asset of SIGNAL_ASSETS) {
      const f = momentumFeatures(candles(asset, t, lookback.intervalMs, lookback.count));
      if (!f) continue;
      const entry = price(asset, t);
      const exit = price(asset, t + windowMs);
      if (exit === entry) continue;
      rows.push({ x: [f.stretch, f.trend, f.drift], y: exit > entry ? 1 : 0 });
    }
    if (s % 2000 === 0) cache.clear();
  }
  let w = [0, 0, 0];
  for (let iter = 0; iter < 25; iter += 1) {
    const g = [0, 0, 0];
    const h = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    for (const { x, y } of rows) {
      const p = 1 / (1 + Math.exp(-(w[0]! * x[0] + w[1]! * x[1] + w[2]! * x[2])));
      for (let i = 0; i < 3; i += 1) {
        g[i]! += (y - p) * x[i]!;
        for (let j = 0; j < 3; j += 1) h[i]![j]! += p * (1 - p) * x[i]! * x[j]!;
      }
    }
    w = w.map((wi, i) => wi + solve3(h, g)[i]!);
  }
  const weights: MomentumWeights = { stretch: round4(w[0]!), trend: round4(w[1]!), drift: round4(w[2]!) };
  console.log(`Fitted on ${rows.length} asset-windows (seed "${seed}", ${slots} slots):`);
  console.log(`  DEFAULT_MOMENTUM_WEIGHTS = ${JSON.stringify(weights)}`);
  console.log(`  (current: ${JSON.stringify(DEFAULT_MOMENTUM_WEIGHTS)})`);

  // Second stage: what the issued signals (strongest of the seven) really won, by raw confidence.
  const raw = new MomentumStrategy(weights, []);
  const issued: { conf: number; won: number }[] = [];
  for (let s = 0; s < slots; s += 1) {
    const t = start + s * windowMs;
    const best = pickStrongest(evaluateAll(raw, t));
    if (!best) continue;
    const entry = price(best.asset, t);
    const exit = price(best.asset, t + windowMs);
    const won = best.decision.signalType === 'buy' ? exit > entry : exit < entry;
    issued.push({ conf: best.decision.confidence, won: won ? 1 : 0 });
    if (s % 2000 === 0) cache.clear();
  }
  issued.sort((a, b) => a.conf - b.conf);
  const binCount = 20;
  let bins = Array.from({ length: binCount }, (_, i) => {
    const part = issued.slice(
      Math.floor((i * issued.length) / binCount),
      Math.floor(((i + 1) * issued.length) / binCount),
    );
    return {
      x: part.reduce((a, r) => a + r.conf, 0) / part.length,
      wins: part.reduce((a, r) => a + r.won, 0),
      n: part.length,
    };
  });
  // Pool adjacent violators: the calibrated rate never falls as raw confidence rises.
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 1; i < bins.length; i += 1) {
      const a = bins[i - 1]!;
      const b = bins[i]!;
      if (b.wins / b.n < a.wins / a.n) {
        bins = [
          ...bins.slice(0, i - 1),
          { x: (a.x * a.n + b.x * b.n) / (a.n + b.n), wins: a.wins + b.wins, n: a.n + b.n },
          ...bins.slice(i + 1),
        ];
        merged = true;
        break;
      }
    }
  }
  const knots = bins.map((b) => [Math.round(b.x * 10) / 10, Math.round((b.wins / b.n) * 1000) / 10]);
  console.log(`  DEFAULT_CALIBRATION_KNOTS = ${JSON.stringify(knots)}`);
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

function evaluateAll(s: MomentumStrategy, t: number) {
  const out = [];
  for (const asset of SIGNAL_ASSETS) {
    const decision = s.evaluate({
      asset,
      at: new Date(t),
      windowMs,
      candles: candles(asset, t, lookback.intervalMs, lookback.count),
    });
    if (decision) out.push({ asset, decision });
  }
  return out;
}

function solve3(a: number[][], b: number[]): number[] {
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < 3; c += 1) {
    const pivot = m[c]![c]!;
    for (let r = 0; r < 3; r += 1) {
      if (r === c) continue;
      const f = m[r]![c]! / pivot;
      for (let k = c; k < 4; k += 1) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return [0, 1, 2].map((i) => m[i]![3]! / m[i]![i]!);
}

function runReport(): void {
  // One-point bands across the range the strategy actually uses, open-ended at both ends.
  const edges = [0, ...Array.from({ length: 16 }, (_, i) => 55 + i), 101];
  const rows = edges.slice(0, -1).map((lo, i) => ({
    lo,
    hi: edges[i + 1] as number,
    n: 0,
    confSum: 0,
    primaryWins: 0,
    breakevens: 0,
    anyLevelWins: 0,
  }));
  let brier = 0;
  let total = 0;
  const started = performance.now();
  for (let s = 0; s < slots; s += 1) {
    const t = start + s * windowMs;
    const best = pickStrongest(evaluateAll(strategy, t));
    if (!best) continue;
    const { asset, decision } = best;
    const levels = martingaleLevels(new Date(t + windowMs), { stepMs: windowMs });
    let final: ReturnType<typeof resolveAfterWindow> | null = null;
    let primary: ReturnType<typeof judgeWindow> | null = null;
    for (const level of levels) {
      const result = judgeWindow({
        signalType: decision.signalType,
        entryPrice: price(asset, level.entryTime.getTime()),
        exitPrice: price(asset, level.expiryTime.getTime()),
      });
      primary ??= result;
      final = resolveAfterWindow(level.level, result);
      if (final.final) break;
    }
    const row = rows.find((r) => decision.confidence >= r.lo && decision.confidence < r.hi);
    if (!row || !primary || !final?.final) continue;
    row.n += 1;
    row.confSum += decision.confidence;
    const won = primary.kind === 'won';
    if (won) row.primaryWins += 1;
    if (primary.kind === 'breakeven') row.breakevens += 1;
    if (final.outcome === 'profit') row.anyLevelWins += 1;
    brier += (decision.confidence / 100 - (won ? 1 : 0)) ** 2;
    total += 1;
    if (s % 2000 === 0) cache.clear();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Calibration of ${strategy.name} on the simulated market (seed "${seed}")`);
  console.log(`${total} signals, one per 5-minute slot, ${seconds} s\n`);
  const header = [
    'confidence',
    'signals',
    'mean conf.',
    'won (primary)',
    '95% interval',
    'breakeven',
    'won by level 3',
  ];
  const table = [header];
  let weightedGap = 0;
  for (const r of rows) {
    if (r.n === 0) continue;
    const rate = r.primaryWins / r.n;
    const ci = wilsonInterval(r.primaryWins, r.n);
    const mean = r.confSum / r.n;
    weightedGap += r.n * Math.abs(rate * 100 - mean);
    const band = r.lo === 0 ? `< ${r.hi}%` : r.hi > 100 ? `>= ${r.lo}%` : `${r.lo}-${r.hi}%`;
    table.push([
      band,
      String(r.n),
      `${mean.toFixed(1)}%`,
      `${(rate * 100).toFixed(1)}%`,
      ci ? `${ci.low.toFixed(1)}-${ci.high.toFixed(1)}%` : '-',
      `${((r.breakevens / r.n) * 100).toFixed(1)}%`,
      `${((r.anyLevelWins / r.n) * 100).toFixed(1)}%`,
    ]);
  }
  const widths = header.map((_, c) => Math.max(...table.map((row) => (row[c] as string).length)));
  for (const row of table) console.log(row.map((cell, c) => cell.padStart(widths[c] as number)).join('  '));
  const overall = rows.reduce((acc, r) => acc + r.primaryWins, 0) / total;
  const meanConf = rows.reduce((acc, r) => acc + r.confSum, 0) / total;
  console.log(`\nAll: mean confidence ${meanConf.toFixed(1)}%, won ${(overall * 100).toFixed(1)}% of primary windows`);
  console.log(
    `\nExpected calibration error: ${(weightedGap / total).toFixed(2)} points; Brier score ${(brier / total).toFixed(4)}`,
  );
  console.log('(primary win rate: the 5-minute window the confidence speaks about; breakevens count as not won)');
}
