import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Where the standalone track record verifier is served (the build writes it to dist/verifier/). */
export const VERIFIER_PAGE_PATH = '/verify-track-record.html';
const VERIFIER_FILE = join('verifier', 'verifier.html');

const digestsOf = (html: string, tag: 'script' | 'style') =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))]
    .map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '', 'utf8')
          .digest('base64')}'`,
    )
    .join(' ');

/**
 * Serves the verifier, one self-contained file, with a policy of its own instead of the site's: its
 * inline script and style are allowed by their hashes (nothing else runs but the worker that script
 * starts from its own code), and it may read any site's
 * public record (the reads answer any origin), since a verifier is for checking whoever you choose.
 */
export function installVerifierPage(app: FastifyInstance, webDist: string): void {
  const file = join(webDist, VERIFIER_FILE);
  if (!existsSync(file)) return;
  const html = readFileSync(file, 'utf8');
  const policy = [
    "default-src 'none'",
    `script-src ${digestsOf(html, 'script')}`,
    `style-src ${digestsOf(html, 'style')}`,
    "connect-src 'self' https: http:",
    // The page's second thread: a worker made from its own inline script (a blob), nothing fetched.
    'worker-src blob:',
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  app.get(VERIFIER_PAGE_PATH, (_request, reply) =>
    reply
      .header('content-security-policy', policy)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html),
  );
}
