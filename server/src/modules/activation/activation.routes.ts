import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { ActivationContract, ActivationMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { readBearerToken } from '../../http/guards.js';
import { byIp, installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { hashSecret } from '../../http/tokens.js';
import { auditActorOf } from '../audit/audit-actor.js';
import { enterIdempotentRequest } from '../idempotency/idempotency.service.js';
import { getActivation, readProofFile, submitProof } from './activation.service.js';
import { PROOF_MAX_REQUEST_BYTES, PROOF_UPLOAD_LIMITS, readProofUpload } from './activation.upload.js';
import { approveActivation, listActivations, rejectActivation } from './activation-review.service.js';

const HOUR = 60 * 60 * 1000;
/** Far above what a person sends (a proof, perhaps a clearer one), low enough to stop filling storage by script. */
export const PROOF_UPLOAD_LIMITS_PER_HOUR: LimitRule[] = [
  { name: 'activation-proof:ip', max: 60, windowMs: HOUR, key: byIp },
  {
    name: 'activation-proof:session',
    max: 30,
    windowMs: HOUR,
    key: (request) => {
      const token = readBearerToken(request);
      return token ? hashSecret(token).slice(0, 24) : null;
    },
  },
];

/**
 * Activation in the product: the member's proof upload, status and file; the admins' review queue with
 * approve and reject. Multipart parsing exists in the upload's scope only.
 */
export async function registerActivationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'member', async (scope) => {
    serve(scope, ActivationContract.status, async (request) =>
      ok(await getActivation(ctx, memberOf(request)), ActivationMessages.status),
    );

    await scope.register(async (upload) => {
      await upload.register(multipart, { limits: PROOF_UPLOAD_LIMITS });
      await installRateLimits(upload, ctx);
      serve(
        upload,
        ActivationContract.submitProof,
        async (request, reply) => {
          const proof = await readProofUpload(request);
          // A retried upload is the same request when its fields and file are: its boundary differs.
          const identity = {
            fields: proof.fields,
            file: proof.file ? createHash('sha256').update(proof.file.bytes).digest('hex') : null,
          };
          if (await enterIdempotentRequest(ctx, request, reply, identity)) return reply as never;
          const submitted = await submitProof(ctx, memberOf(request), proof);
          return ok(submitted, ActivationMessages.submitted);
        },
        {
          // A body that cannot fit the limit is refused before any of it is read.
          onRequest: async (request) => {
            const length = Number(request.headers['content-length']);
            if (Number.isFinite(length) && length > PROOF_MAX_REQUEST_BYTES) {
              throw AppError.tooLarge(ActivationMessages.fileTooLarge, { file: ActivationMessages.fileTooLarge });
            }
          },
          preValidation: limitBy(upload, ctx, PROOF_UPLOAD_LIMITS_PER_HOUR),
        },
      );
    });

    // Served as a download with the type found in its bytes, never rendered by the app's origin.
    serve(scope, ActivationContract.proofFile, async (request, reply) => {
      const file = await readProofFile(ctx, memberOf(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.downloadName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    });
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, ActivationContract.list, async (request) => {
      const { items, pagination } = await listActivations(ctx, request.query);
      const empty = request.query.status === 'pending' ? ActivationMessages.noPending : ActivationMessages.noReviewed;
      return ok(items, items.length ? 'OK' : empty, pagination);
    });

    serve(scope, ActivationContract.approve, async (request) => {
      const approved = await approveActivation(ctx, auditActorOf(request), request.params.id, request.body);
      return ok(approved, ActivationMessages.approved);
    });

    serve(scope, ActivationContract.reject, async (request) => {
      const rejected = await rejectActivation(ctx, auditActorOf(request), request.params.id, request.body);
      return ok(rejected, ActivationMessages.rejected);
    });
  });
}
