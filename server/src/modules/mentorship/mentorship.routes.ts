import { MentorshipContract, MentorshipMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import {
  cancelReminder,
  completeLesson,
  getCourse,
  getLesson,
  getVault,
  readResource,
  setReminder,
} from './mentorship.service.js';

/** The Master Vault, for members with live access. */
export async function registerMentorshipRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'live', (scope) => {
    serve(scope, MentorshipContract.vault, async (request) =>
      ok(await getVault(ctx, memberOf(request)), MentorshipMessages.vault),
    );
    serve(scope, MentorshipContract.course, async (request) =>
      ok(await getCourse(ctx, memberOf(request), request.params.id), MentorshipMessages.course),
    );
    serve(scope, MentorshipContract.lesson, async (request) =>
      ok(await getLesson(ctx, memberOf(request), request.params.id), MentorshipMessages.lesson),
    );
    serve(scope, MentorshipContract.completeLesson, async (request) => {
      const { completed } = request.body;
      const result = await completeLesson(ctx, memberOf(request), request.params.id, completed);
      return ok(result, completed ? MentorshipMessages.completed : MentorshipMessages.uncompleted);
    });
    serve(scope, MentorshipContract.setReminder, async (request) =>
      ok(await setReminder(ctx, memberOf(request), request.params.id), MentorshipMessages.reminderSet),
    );
    serve(scope, MentorshipContract.cancelReminder, async (request) =>
      ok(await cancelReminder(ctx, memberOf(request), request.params.id), MentorshipMessages.reminderCancelled),
    );
    serve(scope, MentorshipContract.resourceFile, async (request, reply) => {
      const file = await readResource(ctx, request.params.id);
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', `attachment; filename="${file.file_name.replace(/[^\w.-]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.content));
    });
  });
}
