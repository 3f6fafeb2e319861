import { z } from 'zod';
import { TIERS } from './constants.js';
import { ZInstant } from './iso-date.js';
import { PAGES } from './pages.js';
import { signalResultLabel } from './performance.js';
import { zQueryInteger, zText } from './request-fields.js';
import { ZDirection } from './signals/direction.js';
import { SIGNAL_OUTCOMES, SIGNAL_STATUSES } from './signals/signal.js';
import { tierName } from './tier-grant.js';

/**
 * The notification centre: what happened to a member's account while they were elsewhere, kept per
 * member for NOTIFICATION_LIMITS.keptDays, pushed live as `notification:new`. Each kind is one fact the
 * product already records (a delivered signal, a reviewed proof, a tier change, a support reply, a reply
 * to a post, a sign-in from a new browser); the notification only points at it.
 */

export const NOTIFICATION_LIMITS = {
  /** Notifications older than this are deleted (the daily prune). */
  keptDays: 90,
  /** Notifications a page of the list holds. */
  pageSize: 20,
  /** How long before a timed tier ends its member is told. */
  tierExpiringNoticeMs: 24 * 60 * 60 * 1000,
  /** Characters of a reply's text the notification quotes. */
  excerptMax: 120,
} as const;

/** How long a notification is kept, in milliseconds. */
export const NOTIFICATION_KEPT_MS = NOTIFICATION_LIMITS.keptDays * 24 * 60 * 60 * 1000;

export const NOTIFICATION_KINDS = [
  'signal',
  'activation',
  'tier-changed',
  'tier-expiring',
  'tier-ended',
  'support-reply',
  'community-reply',
  'new-browser',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The notification choice of Settings that also governs a kind outside the page (e-mail, Web Push,
 * Telegram), or null for account messages that are always recorded. A signal is recorded for the members
 * its delivery chose, so a member who turned 'signals' off gets none in the bell either.
 */
export const NOTIFICATION_PREFERENCE: Record<NotificationKind, 'signals' | 'security' | null> = {
  signal: 'signals',
  activation: null,
  'tier-changed': null,
  'tier-expiring': null,
  'tier-ended': null,
  'support-reply': null,
  'community-reply': null,
  'new-browser': 'security',
};

export const NotificationMessages = {
  listed: 'Notifications',
  empty: 'No notifications yet. Signals you are sent, replies and account changes will show here.',
  markedRead: 'Notification marked as read',
  allRead: 'All notifications marked as read',
  beforeInvalid: 'The page cursor is not valid',
  limitInvalid: `Limit must be a whole number from 1 to 50`,
} as const;

const ZTier = z.enum(TIERS);

/** A signal the member was sent outside the page, with where it stands (its outcome once resolved). */
export const ZSignalNotice = z.object({
  signalId: z.string(),
  asset: z.string(),
  direction: ZDirection,
  status: z.enum(SIGNAL_STATUSES),
  outcome: z.enum(SIGNAL_OUTCOMES).nullable(),
  resolvedLevel: z.number().int().nullable(),
  activeLevel: z.number().int().optional(),
});
export type TSignalNotice = z.infer<typeof ZSignalNotice>;

const base = {
  id: z.string(),
  createdAt: ZInstant,
  /** When the notification last changed (a signal's outcome); null while it never did. */
  updatedAt: ZInstant.nullable(),
  readAt: ZInstant.nullable(),
};

/** One notification as its member reads it; `data` depends on the kind. */
export const ZNotification = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('signal'), data: ZSignalNotice }),
  z.object({
    ...base,
    kind: z.literal('activation'),
    data: z.object({
      proofId: z.string(),
      decision: z.enum(['approved', 'rejected']),
      tier: ZTier.nullable(),
      reason: z.string().nullable(),
    }),
  }),
  z.object({
    ...base,
    kind: z.literal('tier-changed'),
    data: z.object({
      grantId: z.string(),
      tier: ZTier,
      previousTier: ZTier,
      dashboardUnlocked: z.boolean(),
      expiresAt: ZInstant.nullable(),
    }),
  }),
  z.object({
    ...base,
    kind: z.literal('tier-expiring'),
    data: z.object({ grantId: z.string(), tier: ZTier, returnsTo: ZTier, expiresAt: ZInstant }),
  }),
  z.object({
    ...base,
    kind: z.literal('tier-ended'),
    data: z.object({ grantId: z.string(), tier: ZTier, returnsTo: ZTier }),
  }),
  z.object({
    ...base,
    kind: z.literal('support-reply'),
    data: z.object({ ticketId: z.string(), messageId: z.string(), subject: z.string() }),
  }),
  z.object({
    ...base,
    kind: z.literal('community-reply'),
    data: z.object({ postId: z.string(), replyToId: z.string(), authorName: z.string(), excerpt: z.string() }),
  }),
  z.object({
    ...base,
    kind: z.literal('new-browser'),
    data: z.object({ sessionId: z.string(), browser: z.string(), os: z.string(), ip: z.string().nullable() }),
  }),
]);
export type TNotification = z.infer<typeof ZNotification>;

/** What a notification says before it is stored: its kind, its data, and what it is about. */
export type NotificationFact = {
  [K in NotificationKind]: Pick<Extract<TNotification, { kind: K }>, 'kind' | 'data'>;
}[NotificationKind];

/** GET /api/notifications: the newest first, a page at a time (`before`: the last id of the page shown). */
export const ZNotificationsQuery = z
  .object({
    before: zText({ max: 60 }).optional(),
    limit: zQueryInteger(1, 50, NotificationMessages.limitInvalid).default(NOTIFICATION_LIMITS.pageSize),
  })
  .strict();
export type TNotificationsQuery = z.infer<typeof ZNotificationsQuery>;

/** A page of the member's notifications, with how many are unread in all. */
export const ZNotificationsPage = z.object({
  items: z.array(ZNotification),
  unreadCount: z.number().int(),
  /** Whether older notifications follow the last of `items`. */
  hasMore: z.boolean(),
});
export type TNotificationsPage = z.infer<typeof ZNotificationsPage>;

/** The answer of marking read: how many stay unread. */
export const ZUnreadCount = z.object({ unreadCount: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** What a notification says and where it leads, in the product's words. */
export interface NotificationText {
  title: string;
  text: string;
  /** The page the fact lives on (with the ticket or step it concerns). */
  href: string;
}

/**
 * Words and link of a notification. Times inside the text go through `formatAt` (the reader's clock), so
 * this stays free of any zone.
 */
export function describeNotification(notification: TNotification, formatAt: (at: string) => string): NotificationText {
  switch (notification.kind) {
    case 'signal': {
      const { asset, direction } = notification.data;
      return {
        title: `Signal sent: ${asset} ${direction}`,
        text: signalResultLabel(notification.data),
        href: PAGES.signals.path,
      };
    }
    case 'activation': {
      const { decision, tier, reason } = notification.data;
      if (decision === 'approved') {
        return {
          title: 'Activation approved',
          text: tier ? `Your account is active on the ${tierName(tier)} tier.` : 'Your account is active.',
          href: PAGES['command-center'].path,
        };
      }
      return {
        title: 'Activation not approved',
        text: reason ? `Reason: ${reason}` : 'Your proof of deposit was not approved.',
        href: `${PAGES['account-setup'].path}?step=3`,
      };
    }
    case 'tier-changed': {
      const { tier, dashboardUnlocked, expiresAt } = notification.data;
      const text =
        tier === 'guest' && !dashboardUnlocked
          ? 'Your access was changed to Guest.'
          : `Your tier is now ${tierName(tier)}${expiresAt ? ` until ${formatAt(expiresAt)}` : ''}.`;
      return { title: 'Tier changed', text, href: PAGES.upgrade.path };
    }
    case 'tier-expiring': {
      const { tier, returnsTo, expiresAt } = notification.data;
      return {
        title: `${tierName(tier)} ends soon`,
        text: `Your ${tierName(tier)} access ends ${formatAt(expiresAt)}; you then return to ${tierName(returnsTo)}.`,
        href: PAGES.upgrade.path,
      };
    }
    case 'tier-ended': {
      const { tier, returnsTo } = notification.data;
      return {
        title: `${tierName(tier)} ended`,
        text: `Your timed ${tierName(tier)} access ended; you are back on ${tierName(returnsTo)}.`,
        href: PAGES.upgrade.path,
      };
    }
    case 'support-reply':
      return {
        title: 'Support replied',
        text: `New reply on “${notification.data.subject}”.`,
        href: `${PAGES.support.path}?ticket=${encodeURIComponent(notification.data.ticketId)}`,
      };
    case 'community-reply':
      return {
        title: `${notification.data.authorName} replied to your post`,
        text: notification.data.excerpt,
        href: PAGES.community.path,
      };
    case 'new-browser': {
      const { browser, os, ip } = notification.data;
      return {
        title: 'New sign-in',
        text: `Signed in from ${browser} on ${os}${ip ? ` (${ip})` : ''}. Not you? Log that session out in Settings.`,
        href: PAGES.settings.path,
      };
    }
  }
}

/** The bell's accessible name: "Notifications", with the unread count when there is one. */
export function notificationBellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The count as the bell's badge shows it ("99+" past 99). */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The start of a text for quoting: whitespace folded, cut at NOTIFICATION_LIMITS.excerptMax with "…". */
export function excerptOf(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > NOTIFICATION_LIMITS.excerptMax
    ? `${folded.slice(0, NOTIFICATION_LIMITS.excerptMax - 1).trimEnd()}…`
    : folded;
}

/** Whether a delivered signal's notice is final (its outcome known, or void): no later change comes. */
export function isSignalNoticeFinal(notice: Pick<TSignalNotice, 'status' | 'outcome'>): boolean {
  return notice.outcome !== null || notice.status === 'void';
}
