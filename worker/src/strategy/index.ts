export * from './momentum-strategy.js';
export * from './select.js';
export * from './strategy.js';
