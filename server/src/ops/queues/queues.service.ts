import { QUEUE_BOARD_PASS_TTL_MS, type TQueueBoardPass, type TUser } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { sessionIdleCutoff } from '../../http/guards.js';
import { BOARD_PATH } from '../../http/queue-board-path.js';
import { generateSecret, hashSecret } from '../../http/tokens.js';
import { presentUser } from '../../sessions/user-row.js';
import { findUserByBoardPass, insertBoardPass } from './queues.repository.js';

/** Says a deployment has no board: jobs run on in-process timers there. */
export const NO_BOARD = 'This deployment has no job queue, so no queue dashboard.';

// Passes and session tokens are hashed apart, so one can never be looked up as the other.
const passHash = (pass: string) => hashSecret(`queue-board:${pass}`);

/**
 * Issues a pass to the queue board for the admin's session: random, stored as its hash, valid
 * QUEUE_BOARD_PASS_TTL_MS, and only while that session lives. The browser opens the board with it; the
 * session's own token never goes into the board's address or cookie.
 */
export async function issueBoardPass(
  ctx: Pick<ServerContext, 'db' | 'now' | 'signalQueue'>,
  sessionToken: string,
): Promise<TQueueBoardPass> {
  if (!ctx.signalQueue) throw AppError.notFound(NO_BOARD);
  const now = ctx.now();
  const pass = generateSecret();
  const expiresAt = new Date(now.getTime() + QUEUE_BOARD_PASS_TTL_MS);
  const issued = await insertBoardPass(ctx.db, {
    tokenHash: passHash(pass),
    sessionHash: hashSecret(sessionToken),
    expiresAt,
    now,
  });
  // The guard admitted the session a moment ago; it may have been revoked since.
  if (!issued) throw AppError.unauthorized();
  return { url: `${BOARD_PATH}?token=${encodeURIComponent(pass)}`, expiresAt: expiresAt.toISOString() };
}

/** The account a board pass stands for and when the pass ends, while it and its session are live; or null. */
export async function authenticateBoardPass(
  ctx: ServerContext,
  pass: string | null,
): Promise<{ user: TUser; expiresAt: Date } | null> {
  if (!pass || pass.length > 200) return null;
  const now = ctx.now();
  const found = await findUserByBoardPass(ctx.db, passHash(pass), now, sessionIdleCutoff(ctx, now));
  return found ? { user: presentUser(found.user), expiresAt: found.expiresAt } : null;
}
