import type { TDevOutboxMail } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { parseWith } from '../../http/parse.js';
import { listRecentOutboxMail } from '../mail/mail.repository.js';

const ZOutboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();

/**
 * GET /api/dev/outbox: the newest mails of the outbox, for local runs without SMTP (the web page
 * /dev/outbox reads it). Registered only outside production, so production has no such route at all.
 */
export async function registerDevOutboxRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (ctx.config.isProduction) return;
  app.get('/dev/outbox', { config: { takesQuery: true } }, async (request) => {
    const { limit } = parseWith(ZOutboxQuery, request.query, 'query');
    const rows = await listRecentOutboxMail(ctx.db, limit);
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
}
