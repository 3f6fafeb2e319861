import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordWebhookBody } from './answer-conformance.js';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port><path>`. */
  url(path: string): string;
  port: number;
  requests: ReceivedWebhook[];
  /** Requests to one path. */
  to(path: string): ReceivedWebhook[];
  /** `/fail/...` paths that answer 200 now (the receiver was fixed). */
  healed: Set<string>;
  close(): Promise<void>;
}

/**
 * A member's webhook receiver on this machine (node:http). What a path does:
 * `/ok/...` answers 200; `/fail/...` 500 until the test adds it to `healed`; `/fail-times/<n>/...`
 * 500 to its first n requests, then 200 (a receiver down for a while); `/slow/...` never answers; `/big/...` answers 200 and then streams its body without end; `/redirect/...` answers 302
 * to `/ok/redirected`. Every request is recorded with its headers and raw body, as a receiver must
 * keep the raw body to check the signature.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const healed = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ path, headers: request.headers, body });
      // Checked against the OpenAPI document's `webhooks` when the next test server closes.
      if (request.headers['webhook-id']) recordWebhookBody(body);
      if (path.startsWith('/slow/')) return;
      if (path.startsWith('/redirect/')) {
        response.writeHead(302, { location: '/ok/redirected' }).end();
      } else if (path.startsWith('/big/')) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const block = Buffer.alloc(16 * 1024, 'x');
        const pump = () => {
          while (!response.destroyed && response.write(block));
          if (!response.destroyed) response.once('drain', pump);
        };
        pump();
      } else if (
        (path.startsWith('/fail/') && !healed.has(path)) ||
        requests.filter((r) => r.path === path).length <= Number(/^\/fail-times\/(\d+)\//.exec(path)?.[1] ?? 0)
      ) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is down');
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    to: (path) => requests.filter((r) => r.path === path),
    healed,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
