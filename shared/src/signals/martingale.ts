import { TIMING } from '../constants.js';

/** One step of a signal's martingale plan (martingaleLevels, derived from the signal). */
export interface MartingaleLevel {
  /** 0 is the primary trade; 1 to 3 are the recovery steps after a failed window. */
  level: number;
  entryTime: Date;
  expiryTime: Date;
}

/**
 * The martingale plan of a signal: levels 0 to 3, each 5 minutes after the previous,
 * each lasting 5 minutes from its entry, anchored on the signal's expiry. Level 0 is the primary window
 * that ends at `expiresAt`; level n (n >= 1) enters at `expiresAt + (n - 1) * 5 min`. This is the same
 * schedule the engine resolves outcomes on, so the plan shown is the plan judged.
 */
export function martingaleLevels(
  expiresAt: Date,
  options: { maxLevel?: number; stepMs?: number } = {},
): MartingaleLevel[] {
  const maxLevel = options.maxLevel ?? TIMING.martingaleMaxLevel;
  const step = options.stepMs ?? TIMING.signalValidityMs;
  const levels: MartingaleLevel[] = [];
  for (let level = 0; level <= maxLevel; level += 1) {
    const entry = expiresAt.getTime() + (level - 1) * step;
    levels.push({ level, entryTime: new Date(entry), expiryTime: new Date(entry + step) });
  }
  return levels;
}
