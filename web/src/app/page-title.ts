import { useEffect } from 'react';
import { usePublicConfigStore } from '../stores/public-config.store.js';

/** Titles of the public pages; the landing page carries the product name alone. */
const PUBLIC_PAGE_TITLES: Readonly<Record<string, string | null>> = {
  '/': null,
  '/signup': 'Apply for free access',
  '/login': 'Log in',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/bot-access': 'Apply for AI Bot Access',
  '/bot-access/success': "You're almost there",
  '/dev/outbox': 'Development outbox',
  '/track-record': 'Track record',
  '/strategy': 'How the signals are made',
  '/unsubscribe': 'Signal e-mails',
};

/** The title of a public page; an address no page answers is 'Page not found'. */
export function publicPageTitle(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path in PUBLIC_PAGE_TITLES ? (PUBLIC_PAGE_TITLES[path] ?? null) : 'Page not found';
}

/** 'Page · Product', or the product alone. */
export function formatDocumentTitle(title: string | null, productName: string): string {
  return title ? `${title} · ${productName}` : productName;
}

/** Keeps the browser tab's title on the page being shown, with the operator's product name. */
export function useDocumentTitle(title: string | null): void {
  const productName = usePublicConfigStore((s) => s.config?.productName) ?? 'Signalroom';
  useEffect(() => {
    document.title = formatDocumentTitle(title, productName);
  }, [title, productName]);
}
