import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Puts focus on the page's main heading (made focusable by script only), or on the element the address's
 * fragment names (`/dashboard/settings#settings-api-keys`); false when there is none.
 */
export function focusPageHeading(root: ParentNode = document, fragment = ''): boolean {
  const target = fragment ? document.getElementById(decodeURIComponent(fragment.slice(1))) : null;
  const heading = target ?? root.querySelector<HTMLElement>('main h1') ?? root.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/** How long to wait for a new page's heading (a lazy page, or the dashboard checking the session). */
const HEADING_WAIT_MS = 10_000;

/**
 * After a client-side navigation, moves focus to the new page's main heading, as a full page load
 * would put a screen reader at the top of the new page. Without this, following a link whose menu then
 * closes, or logging in, leaves focus on <body> (or on a link of the page that was left). The heading
 * may arrive later than the address (lazy pages, the dashboard's session check), so it is awaited.
 * Nothing moves on the first load, nor when the reader has already put focus somewhere else.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname, hash } = useLocation();
  // The address focus was last settled for; the first load is left alone.
  const settled = useRef(pathname);
  useEffect(() => {
    if (settled.current === pathname) return;
    settled.current = pathname;
    const before = document.activeElement;
    const root = document.getElementById('root') ?? document.body;
    const tryFocus = (): boolean => {
      if (!root.querySelector('h1')) return false;
      // A named section may render after the heading (a section of Settings): wait for it too.
      if (hash && !document.getElementById(decodeURIComponent(hash.slice(1)))) return false;
      const active = document.activeElement;
      const movedByReader = active && active !== before && active !== document.body && active.isConnected;
      if (movedByReader) return true;
      return focusPageHeading(root, hash);
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(root, { childList: true, subtree: true });
    return stop;
    // A change of fragment alone (same page) moves nothing: `settled` holds the pathname.
  }, [pathname, hash]);
}
