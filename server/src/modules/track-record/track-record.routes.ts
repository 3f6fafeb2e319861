import { Readable } from 'node:stream';
import { TrackRecordContract } from '@signalroom/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { byIp, installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { routeGroup } from '../../http/route-groups.js';
import {
  checkpointPage,
  latestCheckpointText,
  latestListedCheckpoint,
  proveConsistency,
  proveInclusion,
  publishedEntries,
  refreshRecord,
  streamPublishedLines,
  trackRecordHead,
  trackRecordKey,
  trackRecordSummary,
  uncountedPage,
} from './track-record.service.js';
import { type LogFile, logContents, logTile } from './track-record.tiles.js';
import { reportWitnessCheckpoint, trackRecordAdminView } from './track-record.witness.js';

/** Reports one address may send: a browser reports once per checkpoint, a script gets nowhere. */
const WITNESS_REPORT_LIMITS: LimitRule[] = [
  { name: 'track-record-witness:ip', max: 20, windowMs: 60 * 60 * 1000, key: byIp },
];

/** Whether the caller asked for text rather than JSON (the C2SP verifier key, for pinning). */
function wantsText(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /\btext\/plain\b/.test(accept) && !/\bapplication\/json\b/.test(accept);
}

/** A static file of the log: immutable, any origin may read and keep it. */
function sendLogFile(reply: FastifyReply, file: LogFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(file.body);
}

/**
 * The public track record, no login: the log's entries (pages, the whole public part as JSON Lines, and
 * tiles and bundles as static files), its head, the signing key, the latest checkpoint as a C2SP signed
 * note with its cosignatures, the witnesses' status, the signals no figure counts, RFC 9162 proofs, and
 * browsers' reports. Entries are public once their signal's window has closed; checkpoints and proofs
 * cover the rest by hash. The reads answer any origin, so verifiers and mirrors work from anywhere.
 */
export async function registerTrackRecordRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', async (scope) => {
    await installRateLimits(scope, ctx);
    scope.addHook('onSend', async (request, reply) => {
      if (request.method === 'GET') reply.header('access-control-allow-origin', '*');
    });
    serve(scope, TrackRecordContract.entries, async (request) => {
      const { length } = await trackRecordHead(ctx);
      const { after, limit } = request.query;
      const entries = await publishedEntries(ctx, after, length, limit);
      const last = entries.at(-1)?.seq ?? after;
      return ok({ entries, nextAfter: last < length ? last : null, length });
    });
    serve(scope, TrackRecordContract.download, async (_request, reply) => {
      const { length } = await trackRecordHead(ctx);
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', 'attachment; filename="track-record.jsonl"')
        .header('cache-control', 'no-store')
        .send(Readable.from(streamPublishedLines(ctx, length)));
    });
    serve(scope, TrackRecordContract.head, async () => ok(await trackRecordHead(ctx)));
    serve(scope, TrackRecordContract.summary, async () => ok(await trackRecordSummary(ctx)));
    serve(scope, TrackRecordContract.key, async (request, reply) => {
      const key = await trackRecordKey(ctx);
      if (!wantsText(request)) return ok(key);
      // The signed-note verifier key alone, as a witness or a verifier is configured with it.
      return reply.type('text/plain; charset=utf-8').send(`${key.verifierKey}\n`) as never;
    });
    serve(scope, TrackRecordContract.checkpoint, async (_request, reply) => {
      const note = await latestCheckpointText(ctx);
      if (note === null) return reply.status(404).type('text/plain; charset=utf-8').send('No checkpoint yet.\n');
      // Mutable (each append signs a new one): caches may keep it for a few seconds at most.
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=5').send(note);
    });
    serve(scope, TrackRecordContract.tile, async (request, reply) =>
      sendLogFile(reply, await logTile(ctx, request.params['*'])),
    );
    serve(scope, TrackRecordContract.contents, async (request, reply) =>
      sendLogFile(reply, await logContents(ctx, request.params['*'])),
    );
    serve(scope, TrackRecordContract.witnesses, async () => ok(await refreshRecord(ctx)));
    serve(scope, TrackRecordContract.uncounted, async (request) =>
      ok(await uncountedPage(ctx, request.query.after, request.query.limit)),
    );
    serve(scope, TrackRecordContract.checkpoints, async (request) =>
      ok(await checkpointPage(ctx, request.query.after, request.query.limit)),
    );
    serve(scope, TrackRecordContract.latestCheckpoint, async () => ok(await latestListedCheckpoint(ctx)));
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
