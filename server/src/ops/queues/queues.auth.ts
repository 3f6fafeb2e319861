import type { TUser } from '@signalroom/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { servedOverHttps } from '../../http/public-url.js';
import { BOARD_PATH } from '../../http/queue-board-path.js';
import { authenticateBoardPass } from './queues.service.js';

/** Cookie that carries a queue board pass to the board, and only there. */
export const BOARD_COOKIE = 'sr_queue_board';

const SIGN_IN =
  'Open the queue board from the admin overview (Queues, "Open the queue board"): its link works for 10 minutes.';

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      // A cookie that is not valid percent-encoding is no pass.
      return null;
    }
  }
  return null;
}

/**
 * Who may open the dashboard: whoever holds a live board pass (issued by POST
 * /api/admin/queue-board/pass to an admin's session, 10 minutes, ended with the session). A browser
 * cannot send a bearer header when it navigates, so the admin page opens `/admin/queues?token=<pass>`
 * once: the pass is checked, moved into an httpOnly, SameSite=Strict cookie scoped to /admin/queues
 * that ends with the pass, and the browser is redirected to the same page without it (so it does not
 * stay in the address bar or history). Every later request checks the cookie's pass again, so its
 * expiry, logging out or losing the admin role closes the dashboard. A session token is no pass: the
 * board never sees one, in its address or its cookie.
 */
export async function authorizeBoardRequest(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TUser | null> {
  const url = new URL(request.url, 'http://local');
  const queryPass = url.searchParams.get('token');
  const found = await authenticateBoardPass(ctx, queryPass ?? readCookie(request, BOARD_COOKIE));
  if (!found) {
    await reply.status(401).type('text/plain').send(SIGN_IN);
    return null;
  }
  if (found.user.role !== 'admin') {
    await reply.status(403).type('text/plain').send('The queue dashboard is for admins.');
    return null;
  }
  if (queryPass) {
    url.searchParams.delete('token');
    const secure = servedOverHttps(ctx) ? '; Secure' : '';
    const maxAge = Math.max(1, Math.floor((found.expiresAt.getTime() - ctx.now().getTime()) / 1000));
    reply.header(
      'set-cookie',
      `${BOARD_COOKIE}=${encodeURIComponent(queryPass)}; Path=${BOARD_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`,
    );
    await reply.redirect(`${url.pathname}${url.search}`, 303);
    return null;
  }
  return found.user;
}
