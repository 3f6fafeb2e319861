import {
  AdminConsoleRoutes,
  BotAccessRoutes,
  type BotAccessStatus,
  ContentRoutes,
  LIMITS,
  Messages,
  type TOfferContent,
  type TReviewsContent,
  type TSuccessLinksContent,
} from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/admin/overview: the console's figures, counted when asked. */
export function fetchOverview(signal?: AbortSignal) {
  return callApi(AdminConsoleRoutes.overview, { signal, fallbackMessage: 'The overview could not be loaded.' });
}

/** The application list's filters as the admin set them ('' = not set). */
export interface ApplicationFilters {
  status: BotAccessStatus | '';
  from: string;
  to: string;
  q: string;
}

function setFilters(filters: ApplicationFilters) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
  };
}

/** GET /api/bot-access/submissions: one page (50) of applications with the filters. */
export function fetchApplications(filters: ApplicationFilters, page: number, signal?: AbortSignal) {
  return callApi(BotAccessRoutes.list, {
    query: { ...setFilters(filters), page, limit: LIMITS.adminPageSize },
    signal,
    fallbackMessage: Messages.wrapper.botAccessList,
  });
}

/** GET /api/bot-access/submissions/{id}: one application with all its answers. */
export function fetchApplication(id: string, signal?: AbortSignal) {
  return callApi(BotAccessRoutes.get, { params: { id }, signal, fallbackMessage: Messages.wrapper.botAccessGet });
}

/** PATCH /api/bot-access/submissions/{id}/status {status, notes}. */
export function changeApplicationStatus(id: string, status: BotAccessStatus, notes: string) {
  return callApi(BotAccessRoutes.setStatus, {
    params: { id },
    body: { status, notes },
    fallbackMessage: Messages.wrapper.botAccessStatus,
  });
}

/** GET /api/admin/content: every kind of operator content with its version. */
export function fetchAdminContent(signal?: AbortSignal) {
  return callApi(ContentRoutes.adminContent, { signal, fallbackMessage: 'The content could not be loaded.' });
}

const notSaved = 'The content could not be saved.';
export function saveReviews(body: TReviewsContent) {
  return callApi(ContentRoutes.saveReviews, { body, fallbackMessage: notSaved });
}
export function saveOffer(body: TOfferContent) {
  return callApi(ContentRoutes.saveOffer, { body, fallbackMessage: notSaved });
}
export function saveSuccessLinks(body: TSuccessLinksContent) {
  return callApi(ContentRoutes.saveSuccessLinks, { body, fallbackMessage: notSaved });
}
