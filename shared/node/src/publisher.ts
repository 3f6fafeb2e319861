import type {
  TActivation,
  TAdminActivation,
  TAdminSupportTicket,
  TBotAccessSubmission,
  TCommunityPost,
  TCountdown,
  TNotification,
  TPerformanceStats,
  TSignal,
  TSignalNote,
  TSupportMessage,
  TSupportTicket,
} from '@signalroom/shared';
import { describeEvent, type TBusEvent, ZBusEvent } from '@signalroom/shared';
import type { EventBus } from './bus.js';
import type { ModuleLogger } from './logger.js';

/**
 * Every event the server and the worker send, one typed call each. A publish never throws at the
 * caller (the database already holds the change; the event only makes it live): a failure is logged
 * with the event's identity and retried a few times with backoff; past that, the periodic access sweep
 * and the snapshots sent on reconnect repair what listeners missed.
 */
export interface EventPublisher {
  /** A member's access or profile changed: every process re-reads them and moves their sockets. */
  accountChanged(userId: string): Promise<void>;
  activationUpdate(userId: string, activation: TActivation): Promise<void>;
  activationNew(proof: TAdminActivation, replacesId: string | null): Promise<void>;
  activationReviewed(proof: TAdminActivation): Promise<void>;
  signalNew(signal: TSignal): Promise<void>;
  signalUpdate(signal: TSignal): Promise<void>;
  signalNote(signal: TSignal, note: TSignalNote): Promise<void>;
  statsUpdate(stats: TPerformanceStats): Promise<void>;
  countdownTick(countdown: TCountdown): Promise<void>;
  supportUpdate(userId: string, ticket: TSupportTicket, message: TSupportMessage | null): Promise<void>;
  supportInbox(
    kind: 'new' | 'reply' | 'status',
    ticket: TAdminSupportTicket,
    message: TSupportMessage | null,
  ): Promise<void>;
  /** A bot-access application arrived or changed status: admins' lists hear it. */
  botAccessUpdate(kind: 'new' | 'status', submission: TBotAccessSubmission): Promise<void>;
  communityPost(post: TCommunityPost): Promise<void>;
  communityRemove(postId: string): Promise<void>;
  botTrades(signalId: string, phase: 'opened' | 'closed'): Promise<void>;
  /** A notification was recorded for one member. */
  notificationNew(userId: string, notification: TNotification): Promise<void>;
  /** A signal's notifications were written (delivered) or given its outcome (resolved), for many members. */
  notificationSignal(signalId: string, phase: 'delivered' | 'resolved'): Promise<void>;
  /** A member marked some (ids) or all (null) of their notifications read. */
  notificationRead(userId: string, ids: string[] | null): Promise<void>;
  priceTick(at: Date, prices: Record<string, number>): Promise<void>;
  /** The track record's log signed a checkpoint (after its transaction committed). */
  recordCheckpoint(noteId: number, size: number): Promise<void>;
  /** Witnesses answered a round for this checkpoint. */
  recordWitnessed(noteId: number): Promise<void>;
}

/** Attempts after the first failed publish, and the first wait between two (doubled each time). */
const RETRIES = 3;
const FIRST_RETRY_MS = 200;

export function createEventPublisher(bus: EventBus, logger: ModuleLogger): EventPublisher {
  async function attempt(event: TBusEvent, retry: number): Promise<void> {
    try {
      await bus.publish(event);
      if (retry > 0) logger.warn({ ...describeEvent(event), retry }, 'event published after a retry');
    } catch (error) {
      const context = { ...describeEvent(event), retry, reason: (error as Error).message };
      if (retry >= RETRIES) {
        logger.error(context, 'event not published after retries; the access sweep and reconnect snapshots repair');
        return;
      }
      logger.warn(context, 'event not published; retrying');
      // Retried in the background: the caller's request or job does not wait on the bus.
      const wait = FIRST_RETRY_MS * 2 ** retry;
      setTimeout(() => void attempt(event, retry + 1), wait).unref();
    }
  }

  async function publish(event: TBusEvent): Promise<void> {
    // Validated before it leaves: every relay downstream trusts the contract, so a bad event is a bug.
    return attempt(ZBusEvent.parse(event), 0);
  }

  return {
    accountChanged: (userId) => publish({ type: 'account:changed', userId }),
    activationUpdate: (userId, activation) => publish({ type: 'activation:update', userId, activation }),
    activationNew: (proof, replacesId) => publish({ type: 'activation:new', proof, replacesId }),
    activationReviewed: (proof) => publish({ type: 'activation:reviewed', proof }),
    signalNew: (signal) => publish({ type: 'signal:new', signal }),
    signalUpdate: (signal) => publish({ type: 'signal:update', signal }),
    signalNote: (signal, note) => publish({ type: 'signal:note', signal, note }),
    statsUpdate: (stats) => publish({ type: 'stats:update', stats }),
    countdownTick: (countdown) => publish({ type: 'countdown:tick', countdown }),
    supportUpdate: (userId, ticket, message) => publish({ type: 'support:update', userId, ticket, message }),
    supportInbox: (kind, ticket, message) => publish({ type: 'support:inbox', kind, ticket, message }),
    botAccessUpdate: (kind, submission) => publish({ type: 'bot-access:update', kind, submission }),
    communityPost: (post) => publish({ type: 'community:post', post }),
    communityRemove: (postId) => publish({ type: 'community:remove', postId }),
    botTrades: (signalId, phase) => publish({ type: 'bot:trades', signalId, phase }),
    notificationNew: (userId, notification) => publish({ type: 'notification:new', userId, notification }),
    notificationSignal: (signalId, phase) => publish({ type: 'notification:signal', signalId, phase }),
    recordCheckpoint: (noteId, size) => publish({ type: 'record:checkpoint', noteId, size }),
    recordWitnessed: (noteId) => publish({ type: 'record:witnessed', noteId }),
    notificationRead: (userId, ids) => publish({ type: 'notification:read', userId, ids }),
    priceTick: (at, prices) => publish({ type: 'price:tick', at: at.toISOString(), prices }),
  };
}
