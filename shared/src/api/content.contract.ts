import {
  ZAdminContent,
  ZLandingContent,
  ZOfferContent,
  ZReviewsContent,
  ZSuccessLinksContent,
} from '../content/operator-content.js';
import { type RouteTable, withSchemas } from './contract.js';

/** Operator content: the landing page reads it; admins read and save each kind. */
export const ContentRoutes = {
  landing: { method: 'GET', path: '/content/landing', group: 'public' },
  adminContent: { method: 'GET', path: '/admin/content', group: 'admin' },
  saveReviews: { method: 'PUT', path: '/admin/content/reviews', group: 'admin' },
  saveOffer: { method: 'PUT', path: '/admin/content/offer', group: 'admin' },
  saveSuccessLinks: { method: 'PUT', path: '/admin/content/success-links', group: 'admin' },
} as const satisfies RouteTable;

/** What each of ContentRoutes takes and answers. */
export const ContentContract = /* @__PURE__ */ withSchemas(ContentRoutes, {
  landing: {
    summary: "The landing page's published reviews and offer text (none and the default text until an operator saves)",
    data: ZLandingContent,
  },
  adminContent: {
    summary: 'Every kind of operator content with its version',
    data: ZAdminContent,
  },
  saveReviews: {
    summary: "Replace the landing page's reviews (a new version, audited)",
    // Saved elsewhere at the same time.
    raises: ['conflict'],
    body: ZReviewsContent,
    data: ZAdminContent,
  },
  saveOffer: {
    summary: "Replace the landing page's offer text (a new version, audited)",
    // Saved elsewhere at the same time.
    raises: ['conflict'],
    body: ZOfferContent,
    data: ZAdminContent,
  },
  saveSuccessLinks: {
    summary: "Replace the success page's support contacts and links (a new version, audited)",
    // Saved elsewhere at the same time.
    raises: ['conflict'],
    body: ZSuccessLinksContent,
    data: ZAdminContent,
  },
});
