import type { Generated } from 'kysely';

type WebhookEventName = 'signal.issued' | 'signal.resolved' | 'signal.note';
/** What a message may be: a signal event, or a test event a member asked for (no signal). */
type WebhookMessageEvent = WebhookEventName | 'webhook.test';
/** Why a try was made: the queue's delivery (and its retries), or a member's resend, recovery or test. */
type WebhookTrigger = 'delivery' | 'resend' | 'recover' | 'test';

/** A member's webhook endpoint: where to post, which events, the signing secret, and its failure streak. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  events: WebhookEventName[];
  /** `whsec_...`: kept in clear because signing needs it; shown to the member once. */
  secret: string;
  created_at: Generated<Date>;
  disabled_at: Date | null;
  disabled_reason: string | null;
  /** When the current run of failed deliveries began; null once one succeeds. */
  failing_since: Date | null;
  /** Failed deliveries in a row (each after its retries). */
  failed_deliveries: Generated<number>;
  /** The secret a rotation replaced: it signs beside the new one until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  secret_rotated_at: Date | null;
}

/** One event, with the exact body every endpoint of it is sent (signed per endpoint at each try). */
export interface WebhookMessagesTable {
  id: Generated<string>;
  event: WebhookMessageEvent;
  /** `<event>:<signal or note id>`: a second fan-out of the same event finds it and adds nothing. */
  event_key: string;
  /** Null only for a test event. */
  signal_id: string | null;
  payload: string;
  created_at: Generated<Date>;
}

/** What one webhook delivery job sends: a message to these endpoints. `done` once each is final. */
export interface WebhookDeliveryBatchesTable {
  message_id: string;
  batch: number;
  endpoints: string[];
  done: Generated<boolean>;
  queued_at: Generated<Date>;
  /** Tries its endpoints still queued have had (all of them together: they are tried together). */
  tries: Generated<number>;
  /** When the next try is due (after a failed one), for the restore after a restart. */
  next_try_at: Date | null;
}

/** The webhook delivery log: one message at one endpoint, `queued` while retries remain. */
export interface WebhookDeliveriesTable {
  message_id: string;
  endpoint_id: string;
  user_id: string;
  status: Generated<'queued' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  error: string | null;
  queued_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One HTTP try of a message at an endpoint: what the member's list of recent attempts shows. */
export interface WebhookAttemptsTable {
  id: Generated<string>;
  endpoint_id: string;
  message_id: string;
  trigger: WebhookTrigger;
  at: Date;
  succeeded: boolean;
  response_status: number | null;
  response_ms: number | null;
  error: string | null;
}

/** A member's resend, recovery or test event waiting for its endpoint: sent one at a time per endpoint. */
export interface WebhookManualSendsTable {
  id: Generated<string>;
  endpoint_id: string;
  message_id: string;
  trigger: Exclude<WebhookTrigger, 'delivery'>;
  queued_at: Generated<Date>;
  /** Set while a process sends it; past it, the send is taken as lost. */
  claimed_until: Date | null;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_delivery_batches: WebhookDeliveryBatchesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_manual_sends: WebhookManualSendsTable;
}
