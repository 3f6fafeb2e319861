export type { ActivationProofsTable, ActivationTables, StoredFilesTable } from './activation-tables.js';
export type { BotAccessSubmissionsTable, BotAccessTables } from './bot-access-tables.js';
export * from './bus.js';
export * from './database.js';
export * from './process.js';
export * from './redis-clients.js';
export * from './schema.js';
export * from './signal-store.js';
export type { OfferCountdownTable, SignalsTable, SignalTables } from './signal-tables.js';
