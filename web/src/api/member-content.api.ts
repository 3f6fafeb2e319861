import { CommunityRoutes, CopyTradingRoutes, MentorshipRoutes } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/mentorship: the vault with the member's progress. */
export function fetchVault(signal?: AbortSignal) {
  return callApi(MentorshipRoutes.vault, { signal, fallbackMessage: 'The Master Vault could not be loaded.' });
}

/** GET /api/mentorship/courses/{id}: a course with its lessons. */
export function fetchCourse(id: string, signal?: AbortSignal) {
  return callApi(MentorshipRoutes.course, {
    params: { id },
    signal,
    fallbackMessage: 'The course could not be loaded.',
  });
}

/** GET /api/mentorship/lessons/{id}: a lesson's text. */
export function fetchLesson(id: string, signal?: AbortSignal) {
  return callApi(MentorshipRoutes.lesson, {
    params: { id },
    signal,
    fallbackMessage: 'The lesson could not be loaded.',
  });
}

/** PUT /api/mentorship/lessons/{id}/completion {completed}. */
export function markLesson(id: string, completed: boolean) {
  return callApi(MentorshipRoutes.completeLesson, {
    params: { id },
    body: { completed },
    fallbackMessage: 'Your progress could not be saved. Please try again.',
  });
}

/** PUT or DELETE /api/mentorship/sessions/{id}/reminder. */
export function setSessionReminder(id: string, on: boolean) {
  return callApi(on ? MentorshipRoutes.setReminder : MentorshipRoutes.cancelReminder, {
    params: { id },
    fallbackMessage: 'The reminder could not be changed. Please try again.',
  });
}

/** GET /api/community/posts?cursor&limit: one page of the feed, newest first. */
export function fetchFeed(cursor: string | null, signal?: AbortSignal) {
  return callApi(CommunityRoutes.feed, {
    query: cursor ? { cursor } : {},
    signal,
    fallbackMessage: 'Posts could not be loaded.',
  });
}

/** POST /api/community/posts {body}. */
export function publishPost(body: string) {
  return callApi(CommunityRoutes.post, {
    body: { body },
    fallbackMessage: 'Your post could not be sent. Please try again.',
  });
}

/** PUT /api/community/posts/{id}/like {liked}. */
export function likePost(id: string, liked: boolean) {
  return callApi(CommunityRoutes.like, {
    params: { id },
    body: { liked },
    fallbackMessage: 'The like could not be saved.',
  });
}

/** POST /api/community/posts/{id}/reports {reason}. */
export function reportPost(id: string, reason: string) {
  return callApi(CommunityRoutes.report, {
    params: { id },
    body: { reason },
    fallbackMessage: 'The report could not be sent.',
  });
}

/** GET /api/community/summary: member and online counts, the leaderboard. */
export function fetchCommunitySummary(signal?: AbortSignal) {
  return callApi(CommunityRoutes.summary, { signal, fallbackMessage: 'Network figures could not be loaded.' });
}

/** GET /api/admin/community/reported (admins). */
export function fetchReportedPosts(signal?: AbortSignal) {
  return callApi(CommunityRoutes.reported, { signal, fallbackMessage: 'Reported posts could not be loaded.' });
}

/** PATCH /api/admin/community/posts/{id} {hidden} (admins). */
export function hidePost(id: string, hidden: boolean) {
  return callApi(CommunityRoutes.hide, {
    params: { id },
    body: { hidden },
    fallbackMessage: 'The post could not be changed.',
  });
}

/** DELETE /api/admin/community/posts/{id} (admins). */
export function deletePost(id: string) {
  return callApi(CommunityRoutes.remove, { params: { id }, fallbackMessage: 'The post could not be deleted.' });
}

/** GET /api/copy-trading/launch-notice. */
export function fetchLaunchNotice(signal?: AbortSignal) {
  return callApi(CopyTradingRoutes.notice, {
    signal,
    fallbackMessage: 'Your notification choice could not be loaded.',
  });
}

/** PUT /api/copy-trading/launch-notice {subscribed}. */
export function setLaunchNotice(subscribed: boolean) {
  return callApi(CopyTradingRoutes.setNotice, {
    body: { subscribed },
    fallbackMessage: 'Your choice could not be saved. Please try again.',
  });
}

/** GET /api/admin/copy-trading/launch-notice (admins). */
export function fetchLaunchNoticeCount(signal?: AbortSignal) {
  return callApi(CopyTradingRoutes.noticeCount, { signal, fallbackMessage: 'The count could not be loaded.' });
}
