import { PAGES, sitemapPaths } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { publicBaseUrl } from './public-url.js';

/** The pages anyone may find through a search engine (the page table's sitemap flag); everything behind a login stays out. */
const PUBLIC_PAGES = sitemapPaths();

/**
 * /robots.txt and /sitemap.xml, written for this deployment's own address (PUBLIC_URL, or where it
 * listens): crawlers may read the public pages, not the dashboards, the API or the development tools.
 */
export function installSiteFiles(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/robots.txt', async (_request, reply) => {
    const base = publicBaseUrl(ctx);
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      `Disallow: ${PAGES['command-center'].path}`,
      'Disallow: /admin/',
      'Disallow: /dev/',
      `Disallow: ${PAGES['reset-password'].path}`,
      `Disallow: ${PAGES['bot-access-success'].path}`,
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
  app.get('/sitemap.xml', async (_request, reply) => {
    const base = publicBaseUrl(ctx);
    const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${base}${page}</loc></url>`).join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
}
