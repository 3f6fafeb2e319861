import type { Generated } from 'kysely';

/** A secret the server generated on its first start and keeps (VAPID keys, the unsubscribe key). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

/** One browser's Web Push subscription; removed when the push service answers 404 or 410. */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_name: string;
  created_at: Generated<Date>;
}

/** A member's Telegram chat, linked with a one-time code. */
export interface TelegramLinksTable {
  user_id: string;
  chat_id: string;
  username: string | null;
  linked_at: Generated<Date>;
}

/** The member's current one-time link code (hashed), until used or expired. */
export interface TelegramLinkCodesTable {
  user_id: string;
  code_hash: string;
  expires_at: Date;
}

/**
 * What one delivery job sends: its recipients (the member for e-mail and Telegram, the subscription id
 * for Web Push) and their members, in the same order. `done` once every recipient has a final state.
 */
export interface SignalDeliveryBatchesTable {
  signal_id: string;
  channel: 'email' | 'push' | 'telegram';
  batch: number;
  recipients: string[];
  members: string[];
  done: Generated<boolean>;
  queued_at: Generated<Date>;
}

/** The delivery log: one row per signal, channel and recipient once its job has tried it. */
export interface SignalDeliveriesTable {
  signal_id: string;
  channel: 'email' | 'push' | 'telegram';
  recipient: string;
  user_id: string;
  status: Generated<'queued' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  error: string | null;
  queued_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DeliveryTables {
  app_secrets: AppSecretsTable;
  push_subscriptions: PushSubscriptionsTable;
  telegram_links: TelegramLinksTable;
  telegram_link_codes: TelegramLinkCodesTable;
  signal_delivery_batches: SignalDeliveryBatchesTable;
  signal_deliveries: SignalDeliveriesTable;
}
