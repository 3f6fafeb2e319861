export * from './journal.js';
export * from './journal-figures.js';
export * from './journal-import.js';
