import multipart from '@fastify/multipart';
import {
  ActivationMessages,
  ZActivationApproveRequest,
  ZActivationRejectRequest,
  ZAdminActivationsQuery,
} from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { readBearerToken, requireAdmin, requireUser } from '../../http/guards.js';
import { parseWith } from '../../http/parse.js';
import { byIp, installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { hashSecret } from '../../http/tokens.js';
import { getActivation, readProofFile, submitProof } from './activation.service.js';
import { PROOF_MAX_REQUEST_BYTES, PROOF_UPLOAD_LIMITS, readProofUpload } from './activation.upload.js';
import { approveActivation, listActivations, rejectActivation } from './activation-review.service.js';

const idOf = (request: FastifyRequest) => String((request.params as { id?: unknown }).id ?? '');

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
 * approve and reject. Multipart parsing exists in this scope only.
 */
export async function registerActivationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: PROOF_UPLOAD_LIMITS });
    await installRateLimits(scope, ctx);

    scope.get('/activation', async (request) => {
      const user = await requireUser(ctx, request);
      return ok(await getActivation(ctx, user), ActivationMessages.status);
    });

    scope.post(
      '/activation/proof',
      {
        // A body that cannot fit the limit is refused before any of it is read.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length']);
          if (Number.isFinite(length) && length > PROOF_MAX_REQUEST_BYTES) {
            throw AppError.tooLarge(ActivationMessages.fileTooLarge, { file: ActivationMessages.fileTooLarge });
          }
        },
        preHandler: limitBy(scope, ctx, PROOF_UPLOAD_LIMITS_PER_HOUR),
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const upload = await readProofUpload(request);
        const submitted = await submitProof(ctx, user, upload);
        return reply.status(201).send(ok(submitted, ActivationMessages.submitted));
      },
    );

    // Served as a download with the type found in its bytes, never rendered by the app's origin.
    scope.get('/activation/proof/:id/file', async (request, reply) => {
      const user = await requireUser(ctx, request);
      const file = await readProofFile(ctx, user, idOf(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.downloadName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    });

    scope.get('/admin/activations', { config: { takesQuery: true } }, async (request) => {
      await requireAdmin(ctx, request);
      const query = parseWith(ZAdminActivationsQuery, request.query, 'query');
      const { items, pagination } = await listActivations(ctx, query);
      const empty = query.status === 'pending' ? ActivationMessages.noPending : ActivationMessages.noReviewed;
      return ok(items, items.length ? 'OK' : empty, pagination);
    });

    scope.post('/admin/activations/:id/approve', async (request) => {
      const admin = await requireAdmin(ctx, request);
      const body = parseWith(ZActivationApproveRequest, request.body);
      return ok(await approveActivation(ctx, admin, idOf(request), body), ActivationMessages.approved);
    });

    scope.post('/admin/activations/:id/reject', async (request) => {
      const admin = await requireAdmin(ctx, request);
      const body = parseWith(ZActivationRejectRequest, request.body);
      return ok(await rejectActivation(ctx, admin, idOf(request), body), ActivationMessages.rejected);
    });
  });
}
