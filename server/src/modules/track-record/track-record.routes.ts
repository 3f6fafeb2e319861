import { Readable } from 'node:stream';
import { TrackRecordContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { byIp, installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { routeGroup } from '../../http/route-groups.js';
import { listEntries, publicExtent, streamEntries } from './track-record.repository.js';
import {
  checkpointPage,
  latestSignedCheckpoint,
  proveConsistency,
  proveInclusion,
  trackRecordHead,
  trackRecordKey,
  trackRecordMonitorOf,
  trackRecordSummary,
} from './track-record.service.js';
import { reportWitnessCheckpoint, trackRecordAdminView } from './track-record.witness.js';

/** Reports one address may send: a witness reports once per checkpoint, a script gets nowhere. */
const WITNESS_REPORT_LIMITS: LimitRule[] = [
  { name: 'track-record-witness:ip', max: 20, windowMs: 60 * 60 * 1000, key: byIp },
];

/**
 * The public track record, no login: GET /api/track-record (keyset pages of the chain),
 * /api/track-record/download (all of it as JSON Lines, streamed), /head, /summary, the public key,
 * the signed checkpoints and RFC 9162 proofs, and witnesses' reports. Only entries whose signal's
 * primary window has closed are served in full; checkpoints and proofs cover the rest by hash. The
 * reads answer any origin, so the verifier page works saved to disk too.
 */
export async function registerTrackRecordRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // The full check runs now and then periodically, in the background; requests advance it incrementally.
  const monitor = trackRecordMonitorOf(ctx);
  monitor.start(ctx.config.TRACK_RECORD_FULL_CHECK_MS, (error) =>
    ctx.logger.error({ err: error }, 'track record: the full check failed; it runs again later'),
  );
  app.addHook('onClose', async () => monitor.stop());
  await routeGroup(app, ctx, 'public', async (scope) => {
    await installRateLimits(scope, ctx);
    scope.addHook('onSend', async (request, reply) => {
      if (request.method === 'GET') reply.header('access-control-allow-origin', '*');
    });
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
    serve(scope, TrackRecordContract.key, async () => ok(await trackRecordKey(ctx)));
    serve(scope, TrackRecordContract.checkpoints, async (request) =>
      ok(await checkpointPage(ctx, request.query.after, request.query.limit)),
    );
    serve(scope, TrackRecordContract.latestCheckpoint, async () => ok(await latestSignedCheckpoint(ctx)));
    serve(scope, TrackRecordContract.consistency, async (request) =>
      ok(await proveConsistency(ctx, request.query.from, request.query.to)),
    );
    serve(scope, TrackRecordContract.inclusion, async (request) =>
      ok(await proveInclusion(ctx, request.query.seq, request.query.size)),
    );
    serve(
      scope,
      TrackRecordContract.witnessReport,
      async (request) =>
        ok(
          await reportWitnessCheckpoint(ctx, request.body.checkpoint),
          'Thank you: the report is kept for the operator.',
        ),
      { preValidation: limitBy(scope, ctx, WITNESS_REPORT_LIMITS) },
    );
  });
  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, TrackRecordContract.admin, async () => ok(await trackRecordAdminView(ctx)));
  });
}
