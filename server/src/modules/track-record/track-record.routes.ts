import { Readable } from 'node:stream';
import { TrackRecordContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { listEntries, publicExtent, streamEntries } from './track-record.repository.js';
import { trackRecordHead, trackRecordSummary } from './track-record.service.js';

/**
 * The public track record, no login: GET /api/track-record (keyset pages of the chain),
 * /api/track-record/download (all of it as JSON Lines, streamed), /api/track-record/head (length, head
 * hash, the server's check) and /api/track-record/summary (the public page). Only entries whose
 * signal's primary window has closed are served.
 */
export async function registerTrackRecordRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, TrackRecordContract.entries, async (request) => {
      const { length } = await publicExtent(ctx.db, ctx.now());
      const { after, limit } = request.query;
      const entries = await listEntries(ctx.db, after, length, limit);
      const last = entries.at(-1)?.seq ?? after;
      return ok({ entries, nextAfter: last < length ? last : null, length });
    });
    serve(scope, TrackRecordContract.download, async (_request, reply) => {
      const { length } = await publicExtent(ctx.db, ctx.now());
      const lines = async function* () {
        for await (const entry of streamEntries(ctx.db, length)) yield `${JSON.stringify(entry)}\n`;
      };
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', 'attachment; filename="track-record.jsonl"')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    });
    serve(scope, TrackRecordContract.head, async () => ok(await trackRecordHead(ctx)));
    serve(scope, TrackRecordContract.summary, async () => ok(await trackRecordSummary(ctx)));
  });
}
