import { Messages } from '@signalroom/shared';
import { isDatabaseUnavailable } from '@signalroom/shared-node';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { failure } from './envelope.js';
import { isStorageFull, storageFullError } from './storage-full.js';

/** Maps every error to the envelope with a fitting status; nothing leaves as an unshaped 500. */
export function installErrorHandler(
  app: FastifyInstance,
  options: { notFound?: boolean; storage?: { reportFull(): void } } = {},
): void {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, request, reply) => {
    let error = thrown;
    // Only a fault of the server's own (what the branches below would answer 5xx) can be a full disk.
    const serverFault =
      !(error instanceof AppError) &&
      !(error instanceof SyntaxError) &&
      ((error as FastifyError).statusCode ?? 500) >= 500;
    if (serverFault && isStorageFull(error)) {
      // ENOSPC or PostgreSQL's 53100: later writes are refused at once until there is room again.
      options.storage?.reportFull();
      request.log.error({ err: error }, "a write failed: the server's storage is full");
      error = storageFullError();
    }
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds) reply.header('retry-after', String(error.details.retryAfterSeconds));
      return reply.status(error.status).send(
        failure(error.message, {
          code: error.code,
          ...(error.details.fields ? { fields: error.details.fields } : {}),
          ...(error.details.retryAfterSeconds ? { retryAfterSeconds: error.details.retryAfterSeconds } : {}),
        }),
      );
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      const retryAfter = Number(reply.getHeader('retry-after')) || 60;
      return reply
        .status(429)
        .send(failure(Messages.common.rateLimited, { code: 'rate_limited', retryAfterSeconds: retryAfter }));
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(failure(Messages.common.malformedJson, { code: 'validation_failed' }));
    }
    if (status === 413) {
      return reply.status(413).send(failure(Messages.common.requestTooLarge, { code: 'validation_failed' }));
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(failure(error.message || Messages.common.invalidRequest, { code: 'validation_failed' }));
    }
    if (isDatabaseUnavailable(error)) {
      // Unreachable, stalled, out of connections or too slow: the client may try again (503), never a 500.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(failure(Messages.common.unavailable, { code: 'unavailable' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(Messages.common.internal, { code: 'internal' }));
  });

  // When the web app is served, app.ts sets the one not-found handler (SPA fallback); Fastify allows one.
  if (options.notFound === false) return;
  app.setNotFoundHandler(answerNotFound);
}

/** The 404 of an address nothing answers, in the envelope. */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send(failure(`No route for ${request.method} ${request.url.split('?')[0]}`, { code: 'not_found' }));
}
