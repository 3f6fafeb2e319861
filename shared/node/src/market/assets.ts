import type { SIGNAL_ASSETS } from '@signalroom/shared';

/** What the simulated market needs to know about an asset: a plausible level, volatility and tick size. */
export interface AssetSpec {
  asset: string;
  /** Price level the simulation wanders around. */
  basePrice: number;
  /** Typical one-day move as a fraction (0.005 = 0.5 %). */
  dailyVolatility: number;
  /** Decimals a price is quoted with. */
  decimals: number;
}

/** Levels and volatilities of the traded pairs, in the range these markets usually trade. */
export const ASSET_SPECS: Record<(typeof SIGNAL_ASSETS)[number], AssetSpec> = {
  'EUR/USD (OTC)': { asset: 'EUR/USD (OTC)', basePrice: 1.085, dailyVolatility: 0.005, decimals: 5 },
  'GBP/USD': { asset: 'GBP/USD', basePrice: 1.27, dailyVolatility: 0.006, decimals: 5 },
  'USD/JPY': { asset: 'USD/JPY', basePrice: 150.2, dailyVolatility: 0.006, decimals: 3 },
  'AUD/USD': { asset: 'AUD/USD', basePrice: 0.655, dailyVolatility: 0.007, decimals: 5 },
  'USD/CAD': { asset: 'USD/CAD', basePrice: 1.36, dailyVolatility: 0.0045, decimals: 5 },
  'GBP/JPY': { asset: 'GBP/JPY', basePrice: 190.5, dailyVolatility: 0.008, decimals: 3 },
  'XAU/USD': { asset: 'XAU/USD', basePrice: 2350, dailyVolatility: 0.01, decimals: 2 },
};

/** The spec of an asset; throws for an asset the engine does not trade. */
export function assetSpec(asset: string): AssetSpec {
  const spec = (ASSET_SPECS as Record<string, AssetSpec>)[asset];
  if (!spec) throw new Error(`Unknown asset ${asset}`);
  return spec;
}

/** Rounds a price to the asset's quoted decimals (5 for most pairs, 3 for yen pairs, 2 for gold). */
export function roundPrice(asset: string, price: number): number {
  const factor = 10 ** ((ASSET_SPECS as Record<string, AssetSpec>)[asset]?.decimals ?? 5);
  return Math.round(price * factor) / factor;
}
