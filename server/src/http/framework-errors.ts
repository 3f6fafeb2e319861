import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, Messages } from '@signalroom/shared';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { failure } from './envelope.js';

/** An envelope as raw HTTP, for answers written to the socket before Fastify has a request. */
function rawAnswer(status: number, message: string, code: ErrorCode): string {
  const body = JSON.stringify(failure(message, { code }));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Content-Type: application/json; charset=utf-8',
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Whether the parser's overflow came from the request line (the address) rather than the headers: the
 * data it was reading starts a request and its first line alone is over the limit. When the request
 * arrived in several reads, the later data no longer shows its first line and the answer stays 431.
 */
function addressTooLong(error: Error & { rawPacket?: unknown }): boolean {
  const packet = error.rawPacket;
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ \S/.test(packet.subarray(0, 24).toString('latin1'))) return false;
  const lineEnd = packet.indexOf('\r\n');
  return (lineEnd === -1 ? packet.length : lineEnd) > maxHeaderSize;
}

/**
 * Answers for requests Fastify refuses before any route runs, in the envelope like every other answer:
 * - the HTTP parser's refusals (request line plus headers over Node's 16 kB, a malformed request): 414
 *   when the address alone is over it, else 431, or 400, written straight to the socket since there is
 *   no request object yet;
 * - a path that is not valid percent-encoding (400) and a path parameter over 100 characters (414).
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'> = {
  clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      socket.write(
        error.code === 'HPE_HEADER_OVERFLOW'
          ? addressTooLong(error)
            ? rawAnswer(414, Messages.common.urlTooLong, 'validation_failed')
            : rawAnswer(431, Messages.common.headersTooLarge, 'validation_failed')
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? rawAnswer(408, Messages.common.requestTimeout, 'validation_failed')
            : rawAnswer(400, Messages.common.invalidRequest, 'validation_failed'),
      );
    }
    socket.destroy(error);
  },
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    return reply
      .status(tooLong ? 414 : 400)
      .header('cache-control', 'no-store')
      .send(
        failure(tooLong ? Messages.common.urlTooLong : Messages.common.invalidRequest, { code: 'validation_failed' }),
      );
  },
};
