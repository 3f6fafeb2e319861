import { PlatformContract, type TDevOutboxMail } from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { listRecentOutboxMail } from '../../modules/mail/mail.repository.js';

const LOOPBACK_ONLY = 'The development outbox answers only on this machine (loopback, not through a proxy).';
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A Host header naming this machine: localhost or a loopback address, with any port. */
function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '');
  return name.toLowerCase() === 'localhost' || isLoopbackAddress(name);
}

/**
 * The outbox holds live reset links and codes, so it answers only a TCP peer on this machine that came
 * through no proxy: the socket address, never a forwarded header (a proxy on the same host would make
 * every client look local). The Host must name this machine too: a page of another site whose name an
 * attacker re-points at 127.0.0.1 (DNS rebinding) comes from a local browser, with the attacker's Host.
 * 403 rather than 404, so a developer who opened the port learns why.
 */
export function assertLocalRequest(request: FastifyRequest): void {
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  const local = isLoopbackAddress(request.socket.remoteAddress) && isLoopbackHost(request.headers.host);
  if (forwarded || !local) throw AppError.forbidden(LOOPBACK_ONLY);
}

/**
 * GET /api/dev/outbox: the newest mails of the outbox, for local runs without SMTP (the web page
 * /dev/outbox reads it). Registered only outside production, so production has no such route at all.
 */
export async function registerDevOutboxRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (ctx.config.isProduction) return;
  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, PlatformContract.devOutbox, async (request) => {
      assertLocalRequest(request);
      const rows = await listRecentOutboxMail(ctx.db, request.query.limit);
      const mails: TDevOutboxMail[] = rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        kind: row.kind,
        text: row.text_body,
        createdAt: new Date(row.created_at).toISOString(),
      }));
      return ok(mails);
    });
  });
}
