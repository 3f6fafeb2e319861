import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEEP_MS,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyMessages,
} from '@signalroom/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { claimKey, completeKey, findKey, releaseKey, takeOverKey } from './idempotency.repository.js';
import { hashIdempotencyKey, openAnswer, sealAnswer } from './idempotency-seal.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds while it is handled (its answer is kept when sent). */
    idempotency: { userId: string; key: string; keyHash: string; settled: boolean } | null;
  }
}

/** Visible ASCII, 1 to 255 characters. */
const KEY_SHAPE = new RegExp(`^[\\x21-\\x7E]{1,${IDEMPOTENCY_KEY_MAX}}$`);
/** A key taken this long ago and still unanswered was left by a request that died with its process. */
const STALE_CLAIM_MS = 60_000;
/** How long a client waits before asking again while the first request is handled. */
const IN_FLIGHT_RETRY_SECONDS = 1;

/** JSON with object keys sorted, so one body written in another order is the same request. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes two requests the same: the route, its path parameters and its body as the contract read it. */
function fingerprintOf(route: string, params: unknown, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${canonical(params)}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * Enters a create into its Idempotency-Key, when it sent one and a member sent it. The first request
 * with a key takes it and goes on (its answer is kept when sent). A later one with the same key: the
 * same request answers the kept answer (status and body, with `Idempotent-Replayed: true`) and creates
 * nothing; another request answers 422; while the first is still being handled, 409 with Retry-After.
 * A key past its 24 hours, or one whose request died unanswered, is taken afresh. `body` is what
 * identifies the request beyond its route and path (the parsed body, or an upload's fields and file
 * digest). Answers true when the answer was sent here.
 */
export async function enterIdempotentRequest(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<boolean> {
  const header = request.headers['idempotency-key'];
  const member = request.member;
  if (header === undefined || !member) return false;
  const key = Array.isArray(header) ? '' : header;
  if (!KEY_SHAPE.test(key)) {
    throw AppError.validation(IdempotencyMessages.keyInvalid, { 'Idempotency-Key': IdempotencyMessages.keyInvalid });
  }
  const contract = request.routeOptions.config?.contract;
  const route = `${request.method} ${contract?.path ?? request.routeOptions.url}`;
  const fingerprint = fingerprintOf(route, request.params, body);
  const keyHash = hashIdempotencyKey(key);
  const now = ctx.now();
  const claim = { userId: member.id, keyHash, route, fingerprint, now };
  let taken = await claimKey(ctx.db, claim);
  if (!taken) {
    const row = await findKey(ctx.db, member.id, keyHash);
    const expired = !row || row.created_at.getTime() <= now.getTime() - IDEMPOTENCY_KEEP_MS;
    if (!row) taken = await claimKey(ctx.db, claim);
    else if (
      expired ||
      (row.response === null && row.locked_at && row.locked_at.getTime() <= now.getTime() - STALE_CLAIM_MS)
    ) {
      const seen = { createdAt: row.created_at, lockedAt: row.locked_at };
      taken = await takeOverKey(ctx.db, { ...claim, seen });
    } else if (row.fingerprint !== fingerprint) {
      throw new AppError('unprocessable', IdempotencyMessages.otherRequest);
    } else if (row.response !== null && row.status_code !== null) {
      reply
        .status(row.status_code)
        .header('content-type', 'application/json; charset=utf-8')
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .send(openAnswer(row.response, key, member.id));
      return true;
    }
    if (!taken) {
      throw new AppError('conflict', IdempotencyMessages.inFlight, { retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS });
    }
  }
  request.idempotency = { userId: member.id, key, keyHash, settled: false };
  return false;
}

/**
 * Idempotency-Keys on the API's creates (`idempotent` on their contract entry): entered before the
 * handler, once the member is known and the body parsed (an upload enters from its handler, once its
 * parts are read), and the answer kept when it is sent. An answer worth trying again (a 5xx, a 429)
 * lets the key go, so the client's retry runs afresh.
 */
export function acceptIdempotencyKeys(api: FastifyInstance, ctx: ServerContext): void {
  const log = ctx.logger.child({ module: 'idempotency' });
  api.decorateRequest('idempotency', null);
  api.addHook('preHandler', async (request, reply) => {
    const contract = request.routeOptions.config?.contract;
    if (!contract?.idempotent || contract.upload) return;
    if (await enterIdempotentRequest(ctx, request, reply, request.body)) return reply;
  });
  api.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held || held.settled) return payload;
    held.settled = true;
    const status = reply.statusCode;
    try {
      if (status >= 500 || status === 429 || typeof payload !== 'string') {
        await releaseKey(ctx.db, held.userId, held.keyHash);
      } else {
        const response = sealAnswer(payload, held.key, held.userId);
        await completeKey(ctx.db, {
          userId: held.userId,
          keyHash: held.keyHash,
          statusCode: status,
          response,
          now: ctx.now(),
        });
      }
    } catch (error) {
      // The answer still goes; the key stays taken until its claim lapses, then a retry runs afresh.
      log.error({ err: error, route: request.routeOptions.url }, 'idempotency key not settled');
    }
    return payload;
  });
}
