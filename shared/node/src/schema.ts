import type { ActivationTables } from './activation-tables.js';
import type { AuditTables } from './audit-tables.js';
import type { BacktestTables } from './backtest-tables.js';
import type { BotAccessTables } from './bot-access-tables.js';
import type { ContentTables } from './content-tables.js';
import type { AuthTables } from './database.js';
import type { DeliveryTables } from './delivery-tables.js';
import type { IdempotencyTables } from './idempotency-tables.js';
import type { JournalTables } from './journal-tables.js';
import type { MemberContentTables } from './member-content-tables.js';
import type { NotificationTables } from './notification-tables.js';
import type { PaperTradingTables } from './paper-trading-tables.js';
import type { RiskPlanTables } from './risk-plan-tables.js';
import type { SignalTables } from './signal-tables.js';
import type { SupportTables } from './support-tables.js';
import type { TierGrantTables } from './tier-grant-tables.js';
import type { TrackRecordTables } from './track-record-tables.js';
import type { WebhookTables } from './webhook-tables.js';

/** The whole database as Kysely sees it. */
export interface Database
  extends AuthTables,
    SignalTables,
    BotAccessTables,
    ActivationTables,
    SupportTables,
    AuditTables,
    TierGrantTables,
    ContentTables,
    MemberContentTables,
    PaperTradingTables,
    TrackRecordTables,
    DeliveryTables,
    BacktestTables,
    WebhookTables,
    NotificationTables,
    IdempotencyTables,
    RiskPlanTables,
    JournalTables {}
