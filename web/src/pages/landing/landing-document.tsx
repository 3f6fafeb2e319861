import { LANDING_PAGE } from '@signalroom/shared';
import { useDocumentTitle } from '../../app/page-title.js';
import { LandingPage } from './landing.page.js';

/**
 * The landing page as a document of its own (landing.html): the page, and the tab title the app's
 * shell gives it inside the router.
 */
export function LandingDocument() {
  useDocumentTitle(LANDING_PAGE.title);
  return <LandingPage />;
}
