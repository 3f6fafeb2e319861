import { z } from 'zod';
import { type TActivation, type TAdminActivation, ZActivation, ZAdminActivation } from './activation.js';
import { type TBotAccessSubmission, ZBotAccessSubmission } from './bot-access.js';
import { type TCommunityPost, ZCommunityPost } from './community.js';
import { type TCountdown, ZCountdown } from './countdown.js';
import { ZInstant } from './iso-date.js';
import { type TNotification, ZNotification } from './notifications.js';
import type { TPaperTrade } from './paper-trading.js';
import { type TPerformanceStats, ZPerformanceStats } from './performance.schemas.js';
import { type TSignalNote, type TSignalView, ZSignal, ZSignalNote } from './signals/signal.js';
import {
  type TAdminSupportTicket,
  type TSupportMessage,
  type TSupportTicket,
  ZAdminSupportTicket,
  ZSupportMessage,
  ZSupportTicket,
} from './support.js';
import type { TUser } from './user.js';

/**
 * Events on the internal bus (Redis pub/sub, or in-process without REDIS_URL). The worker publishes
 * signal and countdown events; server processes publish account changes; every server process relays
 * them to its own sockets.
 */
/** Stamped by the bus when an event is published (epoch ms), so relays can measure their delay. */
const busMeta = { publishedAt: z.number().optional() };

export const ZBusEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('signal:new'), signal: ZSignal, ...busMeta }),
  z.object({ type: z.literal('signal:update'), signal: ZSignal, ...busMeta }),
  /** A follow-up note appended to a signal: relayed to the rooms that see that signal in full. */
  z.object({ type: z.literal('signal:note'), signal: ZSignal, note: ZSignalNote, ...busMeta }),
  z.object({ type: z.literal('stats:update'), stats: ZPerformanceStats, ...busMeta }),
  z.object({ type: z.literal('countdown:tick'), countdown: ZCountdown, ...busMeta }),
  z.object({ type: z.literal('account:changed'), userId: z.string(), ...busMeta }),
  /** A member's activation status changed (proof sent, approved, rejected): their own sockets hear it. */
  z.object({ type: z.literal('activation:update'), userId: z.string(), activation: ZActivation, ...busMeta }),
  /** A proof arrived for review (replacing `replacesId` when the member had one pending): admins hear it. */
  z.object({
    type: z.literal('activation:new'),
    proof: ZAdminActivation,
    replacesId: z.string().nullable(),
    ...busMeta,
  }),
  /** A proof left the queue (approved or rejected): admins' queues drop it. */
  z.object({ type: z.literal('activation:reviewed'), proof: ZAdminActivation, ...busMeta }),
  /** One of a member's tickets changed (support replied, status set): their own sockets hear it. */
  z.object({
    type: z.literal('support:update'),
    userId: z.string(),
    ticket: ZSupportTicket,
    message: ZSupportMessage.nullable(),
    ...busMeta,
  }),
  /** A ticket arrived, a member replied or a status changed: admins' inboxes hear it. */
  z.object({
    type: z.literal('support:inbox'),
    kind: z.enum(['new', 'reply', 'status']),
    ticket: ZAdminSupportTicket,
    message: ZSupportMessage.nullable(),
    ...busMeta,
  }),
  /** A bot-access application arrived, or one changed status: admins' application lists hear it. */
  z.object({
    type: z.literal('bot-access:update'),
    kind: z.enum(['new', 'status']),
    submission: ZBotAccessSubmission,
    ...busMeta,
  }),
  /** A member posted in the Elite Network: every member with live access hears it. */
  z.object({ type: z.literal('community:post'), post: ZCommunityPost, ...busMeta }),
  /** A post was hidden or deleted by an admin: it leaves every open feed. */
  z.object({ type: z.literal('community:remove'), postId: z.string(), ...busMeta }),
  /** Paper trades of a signal were opened or closed: each process tells its own members theirs. */
  z.object({
    type: z.literal('bot:trades'),
    signalId: z.string(),
    phase: z.enum(['opened', 'closed']),
    ...busMeta,
  }),
  /** A notification was recorded for one member: their own sockets hear it. */
  z.object({ type: z.literal('notification:new'), userId: z.string(), notification: ZNotification, ...busMeta }),
  /**
   * The notifications of one signal were written for every member it was delivered to (`delivered`), or
   * updated with its outcome (`resolved`): each process reads those of its own connected members.
   */
  z.object({
    type: z.literal('notification:signal'),
    signalId: z.string(),
    phase: z.enum(['delivered', 'resolved']),
    ...busMeta,
  }),
  /** A member marked notifications read (`ids` null: all): their other tabs and devices follow. */
  z.object({
    type: z.literal('notification:read'),
    userId: z.string(),
    ids: z.array(z.string()).nullable(),
    ...busMeta,
  }),
  /** The track record's log signed a checkpoint: witnesses are asked to cosign it, figures move on. */
  z.object({ type: z.literal('record:checkpoint'), noteId: z.number().int(), size: z.number().int(), ...busMeta }),
  /** Witnesses answered a round (cosignatures or refusals stored): every process re-reads them. */
  z.object({ type: z.literal('record:witnessed'), noteId: z.number().int(), ...busMeta }),
  /** The feed's latest price of every asset, once a second: relayed to the gold stream rooms. */
  z.object({
    type: z.literal('price:tick'),
    at: ZInstant,
    prices: z.record(z.string(), z.number()),
    ...busMeta,
  }),
]);
export type TBusEvent = z.infer<typeof ZBusEvent>;

/** Channel name of the bus, under the deployment's Redis namespace. */
export const BUS_CHANNEL = 'events';

/** Sent on every connect and on demand, filtered by the member's access at that moment. */
export interface RealtimeSnapshot {
  user: TUser | null;
  signals: TSignalView[];
  stats: TPerformanceStats | null;
  countdown: TCountdown;
}

/** Socket events, server to client (`resource:verb`). */
export interface ServerToClientEvents {
  snapshot: (snapshot: RealtimeSnapshot) => void;
  'signal:new': (signal: TSignalView) => void;
  'signal:update': (signal: TSignalView) => void;
  /** A follow-up note on a signal this socket sees in full. */
  'signal:note': (note: TSignalNote) => void;
  'stats:update': (stats: TPerformanceStats) => void;
  'countdown:tick': (countdown: TCountdown) => void;
  'account:update': (user: TUser) => void;
  /** To the member's own sockets (`user:<id>`). */
  'activation:update': (activation: TActivation) => void;
  /** To admins: a proof to review; `replacesId` is the member's earlier pending proof, now gone. */
  'activation:new': (event: { proof: TAdminActivation; replacesId: string | null }) => void;
  /** To admins: a proof was approved or rejected. */
  'activation:reviewed': (proof: TAdminActivation) => void;
  /** To the member's own sockets: one of their tickets changed, with the new message if there is one. */
  'support:update': (event: { ticket: TSupportTicket; message: TSupportMessage | null }) => void;
  /** To admins: a new ticket, a member's reply or a status change. */
  'support:inbox': (event: {
    kind: 'new' | 'reply' | 'status';
    ticket: TAdminSupportTicket;
    message: TSupportMessage | null;
  }) => void;
  /** To admins: a bot-access application arrived or changed status. */
  'bot-access:update': (event: { kind: 'new' | 'status'; submission: TBotAccessSubmission }) => void;
  /** To members with live access (the tier rooms): a new post of the Elite Network. */
  'community:post': (post: TCommunityPost) => void;
  /** To members with live access: a post an admin hid or deleted, to drop from the feed. */
  'community:remove': (event: { postId: string }) => void;
  /** To the member's own sockets: one of their paper trades opened or closed. */
  'bot:trade': (trade: TPaperTrade) => void;
  /** To the member's own sockets: a new notification for the bell. */
  'notification:new': (notification: TNotification) => void;
  /** To the member's own sockets: a notification changed (a delivered signal's outcome). */
  'notification:update': (notification: TNotification) => void;
  /** To the member's own sockets: notifications were marked read elsewhere (`ids` null: all of them). */
  'notification:read': (event: { ids: string[] | null }) => void;
  /** To a gold stream room: the asset's latest price. */
  'stream:price': (tick: StreamPrice) => void;
  /** To a socket whose member lost gold access while watching a stream: it has been taken out. */
  'stream:stopped': (event: { asset: string }) => void;
}

/** One price of the platinum stream (epoch ms). */
export interface StreamPrice {
  asset: string;
  time: number;
  price: number;
}

/** The answer to joining a stream room: the recent prices this process holds, or why it was refused. */
export type StreamJoinAnswer = { ok: true; asset: string; history: StreamPrice[] } | { ok: false; message: string };

/** Socket events, client to server. */
export interface ClientToServerEvents {
  'snapshot:request': (ack: (snapshot: RealtimeSnapshot) => void) => void;
  /** Gold members only: join an asset's price stream (one at a time). */
  'stream:join': (asset: string, ack: (answer: StreamJoinAnswer) => void) => void;
  'stream:leave': () => void;
}

/** Rooms the server alone assigns. */
export const Rooms = {
  public: 'public',
  admins: 'admins',
  /**
   * Members in their trial: they receive each signal only once its primary window has closed, always as
   * `signal:update` (never `signal:new`, which is the live moment), plus statistics.
   */
  trial: 'trial',
  tier: (tier: string) => `tier:${tier}`,
  /** The platinum stream of one asset: only sockets of members with gold access may be in it. */
  stream: (asset: string) => `stream:${asset}`,
} as const;

export const STREAM_ROOM_PREFIX = 'stream:';

/** What identifies an event in the log: its type and the member or signal it is about. */
export function describeEvent(event: TBusEvent): Record<string, unknown> {
  switch (event.type) {
    case 'account:changed':
    case 'activation:update':
    case 'support:update':
    case 'notification:read':
      return { event: event.type, userId: event.userId };
    case 'notification:new':
      return { event: event.type, userId: event.userId, notificationId: event.notification.id };
    case 'notification:signal':
      return { event: event.type, signalId: event.signalId, phase: event.phase };
    case 'signal:new':
    case 'signal:update':
    case 'signal:note':
      return { event: event.type, signalId: event.signal.id };
    case 'activation:new':
    case 'activation:reviewed':
      return { event: event.type, proofId: event.proof.id };
    case 'support:inbox':
      return { event: event.type, ticketId: event.ticket.id };
    case 'bot-access:update':
      return { event: event.type, submissionId: event.submission.id };
    case 'community:post':
      return { event: event.type, postId: event.post.id };
    case 'community:remove':
      return { event: event.type, postId: event.postId };
    case 'bot:trades':
      return { event: event.type, signalId: event.signalId, phase: event.phase };
    default:
      return { event: event.type };
  }
}
