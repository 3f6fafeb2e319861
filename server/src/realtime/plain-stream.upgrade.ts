import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorCode, isApiKeyAttempt } from '@signalroom/shared';
import { failure } from '../http/envelope.js';
import { budgetHeaders, type KeyBudget } from '../modules/api-keys/api-key-budget.js';

/** How an upgrade of the plain stream presents its key, and how it is refused. */

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** The subprotocol a browser offers with its key (`bearer, sr_...`), and the one the server selects. */
export const STREAM_KEY_PROTOCOL = 'bearer';

/**
 * The token meant as an API key: from `Authorization: Bearer sr_...`, or, for a browser (which cannot
 * set that header on a WebSocket), from the subprotocols it offers, `bearer` then the key. Null for
 * anything else (sessions included).
 */
export function apiKeyOf(request: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match?.[1]) return isApiKeyAttempt(match[1]) ? match[1] : null;
  const offered = String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim());
  const at = offered.indexOf(STREAM_KEY_PROTOCOL);
  const key = at >= 0 ? offered[at + 1] : undefined;
  return key && isApiKeyAttempt(key) ? key : null;
}

/**
 * Answers the upgrade request with the API's error envelope, as any other call would get; a 429 with
 * the seconds to wait, and the key's budget when one was counted.
 */
export function refuse(
  socket: Duplex,
  status: number,
  message: string,
  code: ErrorCode,
  extra: { retryAfterSeconds?: number; budget?: KeyBudget } = {},
): void {
  const body = JSON.stringify(
    failure(message, { code, ...(extra.retryAfterSeconds ? { retryAfterSeconds: extra.retryAfterSeconds } : {}) }),
  );
  const headers = {
    ...(extra.retryAfterSeconds ? { 'Retry-After': String(extra.retryAfterSeconds) } : {}),
    ...(extra.budget ? budgetHeaders(extra.budget) : {}),
  };
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `Connection: close\r\n\r\n${body}`,
  );
}
