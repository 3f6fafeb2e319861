import type { ActivationTables } from './activation-tables.js';
import type { BotAccessTables } from './bot-access-tables.js';
import type { AuthTables } from './database.js';
import type { SignalTables } from './signal-tables.js';
import type { SupportTables } from './support-tables.js';

/** The whole database as Kysely sees it. */
export interface Database extends AuthTables, SignalTables, BotAccessTables, ActivationTables, SupportTables {}
