import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerContext } from './context.js';
import { type AnswerObserver, installApiDocs, observeAnswers } from './http/api-docs.js';
import { answerNotFound, installErrorHandler } from './http/error-handler.js';
import { frameworkErrorOptions } from './http/framework-errors.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installSiteFiles } from './http/site-files.js';
import { installVerifierPage } from './http/verifier-page.js';
import { refuseWritesWhileFull } from './ops/storage-guard.js';
import { registerModules } from './routes.js';

export interface BuildAppOptions {
  context: Omit<ServerContext, 'logger'>;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served at / with an SPA fallback when it exists. */
  webDistDir?: string | undefined;
  /** Sees every JSON answer of the API as sent (the tests check each against the API's document). */
  onAnswer?: AnswerObserver | undefined;
}

/**
 * Vite names every built asset after its content (`/assets/index-3f2a1c.js`): a new build is a new
 * name, so a browser may keep one forever. The app shell names them, so it is revalidated on every
 * visit; anything else (icons, robots) for an hour.
 */
export function cacheControlFor(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return 'public, max-age=31536000, immutable';
  // The file sent may be the precompressed copy (index.html.br).
  if (/\.html(\.br|\.gz)?$/.test(path)) return 'no-cache';
  return 'public, max-age=3600';
}

/** Builds the Fastify app from a config and its dependencies. Tests build it the same way. */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; context: ServerContext }> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.context.config.trustProxy,
    bodyLimit: 64 * 1024,
    ...frameworkErrorOptions,
    // Closing: idle keep-alive connections are closed, requests arriving meanwhile get 503 (server.ts drains the rest).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  const context: ServerContext = { ...options.context, logger: app.log };
  const webDist = options.webDistDir;
  const serveWeb = Boolean(webDist && existsSync(join(webDist, 'index.html')));
  installErrorHandler(app, { notFound: !serveWeb, storage: context.storage });
  refuseWritesWhileFull(app, context.storage);
  await installSecurityHeaders(app, context);

  await installApiDocs(app, context);
  if (options.onAnswer) observeAnswers(app, options.onAnswer);
  await registerModules(app, context);

  installSiteFiles(app, context);
  if (webDist && serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // `/` is answered below: the landing page's own document when the build made one.
      index: false,
      // The build writes .br and .gz copies (scripts/precompress.mjs): sent as they are, with their
      // Content-Encoding, to browsers that accept them; nothing is compressed per request.
      preCompressed: true,
      // The verifier is served at its own address with its own policy (verifier-page.ts).
      allowedPath: (path) => !path.startsWith('/verifier/'),
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
    // The landing page is a prerendered document of its own (landing.html): its content paints before any
    // script runs, and it loads no router. A build without it (an older one, a test's) gets the app shell.
    const landingDocument = existsSync(join(webDist, 'landing.html')) ? 'landing.html' : 'index.html';
    installVerifierPage(app, webDist);
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(landingDocument));
    // The web app's page routes are client-side: any GET outside /api that matches no file gets the app
    // shell. A missing file (an asset of an older build, anything with an extension) is a 404: the shell
    // in its place would be run as a script or style.
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
      if (request.method === 'GET' && !isFile && !path.startsWith('/api/') && !path.startsWith('/socket.io')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return answerNotFound(request, reply);
    });
  }
  return { app, context };
}
