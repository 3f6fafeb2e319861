import react from '@vitejs/plugin-react';
import type { HtmlTagDescriptor, Plugin, UserConfig } from 'vite';
import { pureSchemaBuilders } from './vite.pure-schemas.js';

/** The head both documents (index.html, landing.html) start with, written once. */
const DOCUMENT_HEAD: HtmlTagDescriptor[] = [
  { tag: 'meta', attrs: { charset: 'UTF-8' } },
  { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1.0' } },
  // The bar colour follows the system's setting (the page itself follows the member's choice).
  { tag: 'meta', attrs: { name: 'theme-color', content: '#0b1020', media: '(prefers-color-scheme: dark)' } },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#f4f6fb', media: '(prefers-color-scheme: light)' } },
  { tag: 'meta', attrs: { name: 'color-scheme', content: 'dark light' } },
  {
    tag: 'meta',
    attrs: {
      name: 'description',
      content: 'Signalroom: AI trading signals every 5 minutes, with an honest performance record.',
    },
  },
  { tag: 'title', children: 'Signalroom' },
  { tag: 'link', attrs: { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' } },
  { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' } },
  // Classic and blocking on purpose: the theme is on <html> before anything is painted.
  { tag: 'script', attrs: { src: '/theme.js' } },
].map((tag) => ({ ...tag, injectTo: 'head-prepend' as const }));

const documentHead: Plugin = { name: 'signalroom-document-head', transformIndexHtml: () => DOCUMENT_HEAD };

/**
 * What both of the web app's builds share: the app (vite.config.ts, index.html) and the landing page
 * (vite.landing.config.ts, landing.html).
 */
export const sharedConfig = {
  plugins: [react(), documentHead, pureSchemaBuilders()],
  resolve: { conditions: ['@signalroom/source'] },
  ssr: { resolve: { conditions: ['@signalroom/source'] } },
  // Styles are CSS Modules beside their component; class names are written kebab-case in CSS and read
  // camelCase in code (`styles.signalCard`; the kebab-case key is kept for names built at run time).
  css: { modules: { localsConvention: 'camelCase' } },
} satisfies UserConfig;
