import type { TUser } from '@signalroom/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateToken, readBearerToken } from '../../http/guards.js';
import { servedOverHttps } from '../../http/public-url.js';
import { BOARD_PATH } from '../../http/queue-board-path.js';

/** Cookie that carries an admin's session token to the queue dashboard, and only there. */
export const BOARD_COOKIE = 'sr_queue_board';

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Who may open the dashboard. A browser cannot send a bearer header when it navigates, so the admin
 * opens `/admin/queues?token=<session token>` once: the token is checked, moved into an httpOnly,
 * SameSite=Strict cookie scoped to /admin/queues, and the browser is redirected to the same page
 * without it (so it does not stay in the address bar or history). Every later request is checked
 * against the live session, so logging out or losing the admin role closes the dashboard too.
 * A bearer header works as well (scripts).
 */
export async function authorizeBoardRequest(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TUser | null> {
  const url = new URL(request.url, 'http://local');
  const queryToken = url.searchParams.get('token');
  const token = queryToken ?? readBearerToken(request) ?? readCookie(request, BOARD_COOKIE);
  const user = await authenticateToken(ctx, token);
  if (!user) {
    await reply
      .status(401)
      .type('text/plain')
      .send('Log in as an admin, then open /admin/queues?token=<your session token>.');
    return null;
  }
  if (user.role !== 'admin') {
    await reply.status(403).type('text/plain').send('The queue dashboard is for admins.');
    return null;
  }
  if (queryToken) {
    url.searchParams.delete('token');
    const secure = servedOverHttps(ctx) ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${BOARD_COOKIE}=${encodeURIComponent(queryToken)}; Path=${BOARD_PATH}; HttpOnly; SameSite=Strict; Max-Age=43200${secure}`,
    );
    await reply.redirect(`${url.pathname}${url.search}`, 303);
    return null;
  }
  return user;
}
