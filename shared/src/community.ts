import { z } from 'zod';
import { ZInstant } from './iso-date.js';
import { Messages } from './messages.js';
import { zFlag, zQueryInteger, zText } from './request-fields.js';
import { hiddenCharacterIssue } from './validation/text.rules.js';

/**
 * The Elite Network: members' posts (plain text), likes, reports, live updates, a leaderboard and
 * presence. Shapes, limits, messages and the pure rules both sides use.
 */

export const COMMUNITY_LIMITS = {
  postMax: 2000,
  /** Posts a member may publish in `postWindowMs`. */
  postsPerWindow: 5,
  postWindowMs: 10 * 60_000,
  pageSize: 20,
  reportReasonMax: 500,
  leaderboardSize: 5,
} as const;

export const CommunityMessages = {
  feed: 'Elite Network',
  postRequired: 'Write something before posting',
  postTooLong: `Posts can be at most ${COMMUNITY_LIMITS.postMax} characters`,
  posted: 'Update posted',
  liked: 'Liked',
  unliked: 'Like removed',
  likedFlag: 'Say whether you like the post (true or false)',
  reported: 'Thanks: the post was reported to the admins.',
  hiddenFlag: 'Say whether the post is hidden (true or false)',
  hidden: 'Post hidden',
  shown: 'Post visible again',
  deleted: 'Post deleted',
  cursorInvalid: 'The page cursor is not valid',
  limitInvalid: 'Limit must be a whole number from 1 to 50',
  verifyToPost: 'Verify your account to post in the Elite Network',
  tooMany: (seconds: number) =>
    `You can post ${COMMUNITY_LIMITS.postsPerWindow} updates every 10 minutes. Please wait ${Math.max(1, Math.ceil(seconds / 60))} minute(s).`,
  noReports: 'No reported posts',
  replyTargetGone: 'The post you are replying to is no longer available',
} as const;

export const ZCommunityPost = z.object({
  id: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  createdAt: ZInstant,
  likeCount: z.number().int(),
  /** Whether the reader likes it (always false in the live event, which has no reader). */
  likedByMe: z.boolean(),
  /** The post this one answers, while members can still see it; null for a post of its own. */
  replyTo: z.object({ id: z.string(), authorName: z.string() }).nullable(),
});
export type TCommunityPost = z.infer<typeof ZCommunityPost>;

export const ZCommunityPage = z.object({ posts: z.array(ZCommunityPost), nextCursor: z.string().nullable() });
export type TCommunityPage = z.infer<typeof ZCommunityPage>;

export const ZLeaderboardEntry = z.object({ memberId: z.string(), name: z.string(), likes: z.number().int() });

export const ZCommunitySummary = z.object({
  /** Members with access to the network (dashboard unlocked, a paid tier). */
  members: z.number().int(),
  /** Distinct members with a live connection right now, over every server process. */
  online: z.number().int(),
  leaderboard: z.array(ZLeaderboardEntry),
  /** What the leaderboard ranks, in words. */
  leaderboardRanks: z.string(),
});
export type TCommunitySummary = z.infer<typeof ZCommunitySummary>;

/** A post as admins review it: with its reports and whether it is hidden. */
export const ZAdminCommunityPost = ZCommunityPost.extend({
  hidden: z.boolean(),
  reportCount: z.number().int(),
  reasons: z.array(z.string()),
});
export type TAdminCommunityPost = z.infer<typeof ZAdminCommunityPost>;

/** POST /api/community/posts (the length rule is `postIssue`, with its own messages). */
export const ZCommunityPostRequest = z
  .object({
    body: zText({ max: 20_000, kind: 'multi-line', required: CommunityMessages.postRequired }),
    /** The post this one answers: its author is told in their notifications. */
    replyToId: zText({ max: 60 }).optional(),
  })
  .strict();
export type TCommunityPostRequest = z.infer<typeof ZCommunityPostRequest>;

export const ZCommunityFeedQuery = z
  .object({
    cursor: zText({ max: 100 }).optional(),
    limit: zQueryInteger(1, 50, CommunityMessages.limitInvalid).default(COMMUNITY_LIMITS.pageSize),
  })
  .strict();
export type TCommunityFeedQuery = z.infer<typeof ZCommunityFeedQuery>;

export const ZPostLikeRequest = z.object({ liked: zFlag(CommunityMessages.likedFlag) }).strict();
export const ZPostReportRequest = z
  .object({ reason: zText({ max: COMMUNITY_LIMITS.reportReasonMax, kind: 'multi-line' }).default('') })
  .strict();
export const ZPostHideRequest = z.object({ hidden: zFlag(CommunityMessages.hiddenFlag) }).strict();

/** Why a post body is not acceptable (trimmed: required, at most 2,000 characters), or null. */
export function postIssue(body: string | undefined): string | null {
  const text = body?.trim() ?? '';
  if (!text) return CommunityMessages.postRequired;
  if (hiddenCharacterIssue(text, 'multi-line')) return Messages.common.hiddenCharacters;
  if (text.length > COMMUNITY_LIMITS.postMax) return CommunityMessages.postTooLong;
  return null;
}

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than a link. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Plain text cut into text and links, for rendering as text nodes and anchors (never as HTML). Only
 * http and https addresses that parse as URLs become links; anything else stays text.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const candidate = raw.replace(TRAILING, '');
    const start = match.index ?? 0;
    let href: string | null = null;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      // Not a URL after all: it stays text.
      href = null;
    }
    if (!href) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** Cursor of a feed page: the last post's time and id (newest first, ties broken by id). */
export function encodeFeedCursor(createdAt: string, id: string): string {
  return `${Date.parse(createdAt)}_${id}`;
}

export function decodeFeedCursor(cursor: string): { createdAt: Date; id: string } | null {
  const match = /^(\d{1,15})_([0-9a-f-]{36})$/i.exec(cursor);
  if (!match?.[1] || !match[2]) return null;
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
