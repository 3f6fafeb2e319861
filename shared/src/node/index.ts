export type { BotAccessSubmissionsTable, BotAccessTables } from './bot-access-tables.js';
export * from './bus.js';
export * from './database.js';
export * from './schema.js';
export type { SignalTables } from './signal-tables.js';
