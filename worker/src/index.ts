/** The signal worker: market feeds, strategy, the signal engine and its schedulers. */

export * from '@signalroom/shared-node/market';
export * from './backtest/index.js';
export * from './config.js';
export * from './countdown/countdown-ticker.js';
export * from './engine/signal-engine.js';
export * from './jobs/bullmq-runner.js';
export * from './jobs/in-process-runner.js';
export * from './jobs/job-payloads.js';
export * from './jobs/slot-guard.js';
export * from './jobs/slot-issuer.js';
export * from './market/price-ticker.js';
export * from './paper-trading/paper-trading.js';
export * from './signal-worker.js';
export * from './strategy/index.js';
