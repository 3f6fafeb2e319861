import { z } from 'zod';
import {
  ZAdminCommunityPost,
  ZCommunityFeedQuery,
  ZCommunityPage,
  ZCommunityPost,
  ZCommunityPostRequest,
  ZCommunitySummary,
  ZPostHideRequest,
  ZPostLikeRequest,
  ZPostReportRequest,
} from '../community.js';
import { ZLaunchNotice, ZLaunchNoticeCount, ZLaunchNoticeRequest } from '../copy-trading.js';
import {
  ZCourseDetail,
  ZLesson,
  ZLessonCompletion,
  ZLessonCompletionRequest,
  ZLiveSession,
  ZVault,
} from '../mentorship/index.js';
import { type RouteTable, withSchemas } from './contract.js';

/** An id in the path; anything that is not a stored item's id answers 404. */
const ZIdParams = z.object({ id: z.string() });

/** The Master Vault: courses, lessons, progress, session reminders, resources (members with live access). */
export const MentorshipRoutes = {
  vault: { method: 'GET', path: '/mentorship', group: 'live' },
  course: { method: 'GET', path: '/mentorship/courses/:id', group: 'live' },
  lesson: { method: 'GET', path: '/mentorship/lessons/:id', group: 'live' },
  completeLesson: { method: 'PUT', path: '/mentorship/lessons/:id/completion', group: 'live' },
  setReminder: { method: 'PUT', path: '/mentorship/sessions/:id/reminder', group: 'live' },
  cancelReminder: { method: 'DELETE', path: '/mentorship/sessions/:id/reminder', group: 'live' },
  resourceFile: { method: 'GET', path: '/mentorship/resources/:id/file', group: 'live', file: true },
} as const satisfies RouteTable;

export const MentorshipContract = /* @__PURE__ */ withSchemas(MentorshipRoutes, {
  vault: { summary: "The vault with the member's progress, sessions and resources", data: ZVault },
  course: { summary: 'A course with its lessons and the member’s completions', params: ZIdParams, data: ZCourseDetail },
  lesson: { summary: 'One lesson to read (Markdown text)', params: ZIdParams, data: ZLesson },
  completeLesson: {
    summary: 'Mark a lesson complete or not; answers the new course and overall progress',
    params: ZIdParams,
    body: ZLessonCompletionRequest,
    data: ZLessonCompletion,
  },
  setReminder: {
    summary: 'E-mail the member 15 minutes before a live session',
    // A session that has started, or starts too soon.
    raises: ['conflict'],
    params: ZIdParams,
    data: ZLiveSession,
  },
  cancelReminder: { summary: 'Cancel the member’s reminder of a session', params: ZIdParams, data: ZLiveSession },
  resourceFile: {
    summary: 'Download a vault resource',
    params: ZIdParams,
    data: z.string().meta({ format: 'binary' }),
    // Sent with the type it was stored with, whatever the operator added to the vault.
    media: ['*/*'],
  },
});

/** The Elite Network: posts, likes, reports, figures; admins moderate. */
export const CommunityRoutes = {
  feed: { method: 'GET', path: '/community/posts', group: 'live' },
  post: { method: 'POST', path: '/community/posts', group: 'live', status: 201, idempotent: true },
  like: { method: 'PUT', path: '/community/posts/:id/like', group: 'live' },
  report: { method: 'POST', path: '/community/posts/:id/reports', group: 'live', status: 201 },
  summary: { method: 'GET', path: '/community/summary', group: 'live' },
  reported: { method: 'GET', path: '/admin/community/reported', group: 'admin' },
  hide: { method: 'PATCH', path: '/admin/community/posts/:id', group: 'admin' },
  remove: { method: 'DELETE', path: '/admin/community/posts/:id', group: 'admin' },
} as const satisfies RouteTable;

export const CommunityContract = /* @__PURE__ */ withSchemas(CommunityRoutes, {
  feed: {
    summary: 'Visible posts, newest first, one page per cursor',
    query: ZCommunityFeedQuery,
    data: ZCommunityPage,
  },
  post: {
    summary: 'Publish a post (plain text); every member’s open page gets it live',
    body: ZCommunityPostRequest,
    data: ZCommunityPost,
  },
  like: {
    summary: 'Like a post or take the like back',
    params: ZIdParams,
    body: ZPostLikeRequest,
    data: ZCommunityPost,
  },
  report: { summary: 'Report a post to the admins', params: ZIdParams, body: ZPostReportRequest, data: z.null() },
  summary: { summary: 'Member and online counts and the leaderboard', data: ZCommunitySummary },
  reported: { summary: 'Posts members reported, most reported first', data: z.array(ZAdminCommunityPost) },
  hide: {
    summary: 'Hide a post from members (or show it again)',
    params: ZIdParams,
    body: ZPostHideRequest,
    data: ZAdminCommunityPost,
  },
  remove: { summary: 'Delete a post for good', params: ZIdParams, data: z.null() },
});

/** Auto-Copy, while in development: the launch notice. */
export const CopyTradingRoutes = {
  notice: { method: 'GET', path: '/copy-trading/launch-notice', group: 'live' },
  setNotice: { method: 'PUT', path: '/copy-trading/launch-notice', group: 'live' },
  noticeCount: { method: 'GET', path: '/admin/copy-trading/launch-notice', group: 'admin' },
} as const satisfies RouteTable;

export const CopyTradingContract = /* @__PURE__ */ withSchemas(CopyTradingRoutes, {
  notice: { summary: 'Whether the member asked to hear when Auto-Copy launches', data: ZLaunchNotice },
  setNotice: {
    summary: 'Ask (or stop asking) to hear when Auto-Copy launches',
    body: ZLaunchNoticeRequest,
    data: ZLaunchNotice,
  },
  noticeCount: { summary: 'How many members asked to hear about the launch', data: ZLaunchNoticeCount },
});
