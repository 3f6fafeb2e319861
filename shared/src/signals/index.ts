/**
 * The signals: what one is (signal.ts) and its direction, the martingale levels and how an outcome is
 * judged (martingale.ts, outcome.ts), the stake sequence figures use (stake-plan.ts), the strategy's
 * published parameters (strategy-rules.ts), the 5-minute slots and their ledger (timing.ts,
 * slot-ledger.ts), and how members see them: per tier (access.ts), over the API and the stream (api.ts,
 * the stream's messages in ../signal-stream.ts), on a chart (chart.ts).
 */
export * from './access.js';
export * from './api.js';
export * from './chart.js';
export * from './direction.js';
export * from './martingale.js';
export * from './outcome.js';
export * from './signal.js';
export * from './slot-ledger.js';
export * from './stake-plan.js';
export * from './strategy-rules.js';
export * from './timing.js';
