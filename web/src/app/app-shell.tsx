import { PAGES } from '@signalroom/shared';
import { Outlet, useLocation } from 'react-router-dom';
import textStyles from '../components/ui/text.module.css';
import { publicPageTitle, useDocumentTitle } from './page-title.js';
import { useFocusHeadingOnNavigation } from './route-focus.js';

/**
 * The root of every route: the tab title of public pages (the dashboard sets its own from its route
 * map) and focus on the new page's heading after each navigation.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const home = PAGES['command-center'].path;
  const dashboard = pathname === home || pathname.startsWith(`${home}/`);
  return (
    <>
      {!dashboard && <PublicTitle pathname={pathname} />}
      <FocusOnNavigation />
      <Outlet />
    </>
  );
}

function PublicTitle({ pathname }: { pathname: string }) {
  useDocumentTitle(publicPageTitle(pathname));
  return null;
}

function FocusOnNavigation() {
  useFocusHeadingOnNavigation();
  return null;
}

/** What shows while the first page's code loads. */
export function AppLoading() {
  return (
    <p className={textStyles.centerScreen} role="status">
      Loading...
    </p>
  );
}
