export * from './backtest-refresher.js';
export * from './candle-csv.js';
export * from './candle-history.js';
export * from './feed-history.js';
export * from './generated-candles.js';
export * from './replay.js';
export * from './report.js';
export * from './run-backtest.js';
