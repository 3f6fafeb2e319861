import { ActivationContract } from './activation.contract.js';
import { AdminContract } from './admin.contract.js';
import { AdminConsoleContract } from './admin-console.contract.js';
import { ApiKeysContract } from './api-keys.contract.js';
import { AuditContract } from './audit.contract.js';
import { AuthContract } from './auth.contract.js';
import { BotAccessContract } from './bot-access.contract.js';
import { ContentContract } from './content.contract.js';
import type { RouteContract, RouteInfo } from './contract.js';
import { CountdownContract } from './countdown.contract.js';
import { DeliveryContract } from './delivery.contract.js';
import { DeskContract } from './desk.contract.js';
import { GoldContract } from './gold.contract.js';
import { JournalContract } from './journal.contract.js';
import { CommunityContract, CopyTradingContract, MentorshipContract } from './member-content.contract.js';
import { NotificationsContract } from './notifications.contract.js';
import { PlatformContract } from './platform.contract.js';
import { SetupContract } from './setup.contract.js';
import { SignalsContract } from './signals.contract.js';
import { SlotsContract } from './slots.contract.js';
import { SupportContract } from './support.contract.js';
import { TrackRecordContract } from './track-record.contract.js';
import { UsersContract } from './users.contract.js';
import { VaultEditorContract } from './vault-editor.contract.js';
import { WebhooksContract } from './webhooks.contract.js';

export * from './activation.contract.js';
export * from './admin.contract.js';
export * from './admin-console.contract.js';
export * from './api-keys.contract.js';
export * from './audit.contract.js';
export * from './auth.contract.js';
export * from './bot-access.contract.js';
export * from './content.contract.js';
export * from './contract.js';
export * from './countdown.contract.js';
export * from './delivery.contract.js';
export * from './desk.contract.js';
export * from './gold.contract.js';
export * from './journal.contract.js';
export * from './member-content.contract.js';
export * from './notifications.contract.js';
export * from './platform.contract.js';
export * from './setup.contract.js';
export * from './signals.contract.js';
export * from './slots.contract.js';
export * from './support.contract.js';
export * from './track-record.contract.js';
export * from './users.contract.js';
export * from './vault-editor.contract.js';
export * from './webhooks.contract.js';

type EntriesOf<C> = C[keyof C];

/** Every route of the API, each declared once (the server registers these; tests compare against them). */
export function apiRoutes(): RouteContract[] {
  return [
    ...Object.values(PlatformContract),
    ...Object.values(AuthContract),
    ...Object.values(UsersContract),
    ...Object.values(ApiKeysContract),
    ...Object.values(WebhooksContract),
    ...Object.values(AdminContract),
    ...Object.values(AuditContract),
    ...Object.values(ActivationContract),
    ...Object.values(BotAccessContract),
    ...Object.values(SignalsContract),
    ...Object.values(JournalContract),
    ...Object.values(SlotsContract),
    ...Object.values(CountdownContract),
    ...Object.values(SupportContract),
    ...Object.values(ContentContract),
    ...Object.values(AdminConsoleContract),
    ...Object.values(MentorshipContract),
    ...Object.values(VaultEditorContract),
    ...Object.values(CommunityContract),
    ...Object.values(CopyTradingContract),
    ...Object.values(GoldContract),
    ...Object.values(TrackRecordContract),
    ...Object.values(DeliveryContract),
    ...Object.values(DeskContract),
    ...Object.values(NotificationsContract),
    ...Object.values(SetupContract),
  ];
}

/** Every contract entry, as one type (a client finds a route's schemas by its method and path). */
export type ApiEntry =
  | EntriesOf<typeof PlatformContract>
  | EntriesOf<typeof AuthContract>
  | EntriesOf<typeof UsersContract>
  | EntriesOf<typeof ApiKeysContract>
  | EntriesOf<typeof WebhooksContract>
  | EntriesOf<typeof AdminContract>
  | EntriesOf<typeof AuditContract>
  | EntriesOf<typeof ActivationContract>
  | EntriesOf<typeof BotAccessContract>
  | EntriesOf<typeof SignalsContract>
  | EntriesOf<typeof JournalContract>
  | EntriesOf<typeof SlotsContract>
  | EntriesOf<typeof CountdownContract>
  | EntriesOf<typeof SupportContract>
  | EntriesOf<typeof ContentContract>
  | EntriesOf<typeof AdminConsoleContract>
  | EntriesOf<typeof MentorshipContract>
  | EntriesOf<typeof VaultEditorContract>
  | EntriesOf<typeof CommunityContract>
  | EntriesOf<typeof CopyTradingContract>
  | EntriesOf<typeof GoldContract>
  | EntriesOf<typeof TrackRecordContract>
  | EntriesOf<typeof DeliveryContract>
  | EntriesOf<typeof DeskContract>
  | EntriesOf<typeof NotificationsContract>
  | EntriesOf<typeof SetupContract>;

/** The contract entry of a route of a route table. */
export type EntryOf<R extends RouteInfo> = Extract<ApiEntry, { method: R['method']; path: R['path'] }>;
