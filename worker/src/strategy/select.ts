import type { StrategyDecision } from './strategy.js';

export interface Candidate {
  asset: string;
  decision: StrategyDecision;
}

/**
 * The slot's signal goes to the market with the strongest setup: the highest confidence, ties broken by
 * the order of the asset list, so every worker picks the same one from the same prices.
 */
export function pickStrongest(candidates: readonly Candidate[]): Candidate | null {
  let best: Candidate | null = null;
  for (const c of candidates) if (!best || c.decision.confidence > best.decision.confidence) best = c;
  return best;
}
