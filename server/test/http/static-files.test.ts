import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const precompress = fileURLToPath(new URL('../../../scripts/precompress.mjs', import.meta.url));
const script = `console.log(${JSON.stringify('signal room '.repeat(200))});\n`;
const landing = `<!doctype html><title>Signalroom</title>${'<p>prerendered landing</p>'.repeat(100)}`;

/** Raw bytes and headers (fetch would decode the body for us, hiding what was sent). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('the web app as static files', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    // A small build of our own, precompressed by the build's script.
    dist = mkdtempSync(join(tmpdir(), 'sr-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Signalroom</title>${'<p>shell</p>'.repeat(100)}`);
    writeFileSync(join(dist, 'landing.html'), landing);
    writeFileSync(join(dist, 'assets', 'index-3f2a1c9d.js'), script);
    execFileSync(process.execPath, [precompress, dist]);
    server = await startTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed (brotli, else gzip), cached for a year', async () => {
    const url = `${server.url}/assets/index-3f2a1c9d.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('revalidates the documents on every visit: the landing page at /, the app shell at client-side routes', async () => {
    const home = await get(`${server.url}/`, { 'accept-encoding': 'br' });
    expect(home.status).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(home.body).toString()).toBe(landing);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-type']).toMatch(/text\/html/);
    for (const path of ['/dashboard/settings', '/signup']) {
      const shell = await get(`${server.url}${path}`, { 'accept-encoding': 'br' });
      expect(shell.status).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(shell.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(shell.body).toString()).toContain('<p>shell</p>');
    }
  });

  it('answers a missing file with 404, not the app shell (an old build would run the HTML as its script)', async () => {
    for (const path of ['/assets/index-00000000.js', '/assets/style-1.css', '/favicon-missing.png']) {
      const missing = await get(`${server.url}${path}`);
      expect(missing.status, path).toBe(404);
      expect(JSON.parse(missing.body.toString()), path).toMatchObject({ success: false, error: { code: 'not_found' } });
    }
  });

  it('serves a robots.txt and a sitemap of the public pages', async () => {
    const robots = await get(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    const text = robots.body.toString();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    const sitemapLine = /^Sitemap: (\S+)$/m.exec(text)?.[1] as string;
    const sitemap = await get(`${server.url}${new URL(sitemapLine).pathname}`);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    const locations = [...sitemap.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] as string).pathname,
    );
    expect(locations).toEqual(['/', '/signup', '/login', '/bot-access', '/track-record', '/strategy']);
  });
});
