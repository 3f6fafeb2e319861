import { useSyncExternalStore } from 'react';

/** Width from which the sidebar stays beside the page; below it the sidebar is a menu behind a toggle. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_LAYOUT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the dashboard has room for the sidebar beside the page. Read where the layout changes what it
 * renders (not only how it looks): on a phone the header keeps one row and the rest moves into the menu.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_LAYOUT_QUERY).matches);
}
