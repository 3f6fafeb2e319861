import type { TSignal } from '@signalroom/shared';
import type { SignalMessage } from './delivery.message.js';
import type { QueuedDelivery } from './delivery.repository.js';

/**
 * What a channel's try came to. `sent`: handed over. `gone`: the recipient no longer exists on the
 * channel's side (push subscription expired, Telegram chat blocked): recorded as failed, never retried,
 * and the subscription or link is removed. A failure that may pass (timeout, 5xx, SMTP refusal) throws.
 */
export type SendOutcome = { status: 'sent' } | { status: 'gone'; error: string };

/** One delivery channel: sends one signal to one recipient of the delivery log. */
export interface ChannelSender {
  send(delivery: QueuedDelivery, message: SignalMessage, signal: TSignal): Promise<SendOutcome>;
  close(): Promise<void>;
}
