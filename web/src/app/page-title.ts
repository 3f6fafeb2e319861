import { pageAt } from '@signalroom/shared';
import { useEffect } from 'react';
import { usePublicConfigStore } from '../stores/public-config.store.js';

/** The title of a public page (null: the product name alone); an address no page answers is 'Page not found'. */
export function publicPageTitle(pathname: string): string | null {
  const page = pageAt(pathname);
  return page ? page.title : 'Page not found';
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
