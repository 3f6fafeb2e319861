import { VaultEditorContract, VaultEditorMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import {
  createCourse,
  createLesson,
  createSession,
  deleteCourse,
  deleteLesson,
  deleteResource,
  deleteSession,
  removeSamples,
  updateCourse,
  updateLesson,
  updateSession,
  vaultEditor,
} from './vault-editor.service.js';

/** The Master Vault editor, for admins; every change audited. */
export async function registerVaultEditorRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, VaultEditorContract.editor, async () => ok(await vaultEditor(ctx), VaultEditorMessages.editor));
    serve(scope, VaultEditorContract.createCourse, async (request) =>
      ok(await createCourse(ctx, request.body, auditActorOf(request)), VaultEditorMessages.courseCreated),
    );
    serve(scope, VaultEditorContract.updateCourse, async (request) => {
      const course = await updateCourse(ctx, request.params.id, request.body, auditActorOf(request));
      const { published } = request.body;
      const message =
        published === true
          ? VaultEditorMessages.coursePublished
          : published === false
            ? VaultEditorMessages.courseUnpublished
            : VaultEditorMessages.courseSaved;
      return ok(course, message);
    });
    serve(scope, VaultEditorContract.deleteCourse, async (request) =>
      ok(await deleteCourse(ctx, request.params.id, auditActorOf(request)), VaultEditorMessages.courseDeleted),
    );
    serve(scope, VaultEditorContract.createLesson, async (request) =>
      ok(
        await createLesson(ctx, request.params.id, request.body, auditActorOf(request)),
        VaultEditorMessages.lessonCreated,
      ),
    );
    serve(scope, VaultEditorContract.updateLesson, async (request) =>
      ok(
        await updateLesson(ctx, request.params.id, request.body, auditActorOf(request)),
        VaultEditorMessages.lessonSaved,
      ),
    );
    serve(scope, VaultEditorContract.deleteLesson, async (request) =>
      ok(await deleteLesson(ctx, request.params.id, auditActorOf(request)), VaultEditorMessages.lessonDeleted),
    );
    serve(scope, VaultEditorContract.createSession, async (request) =>
      ok(await createSession(ctx, request.body, auditActorOf(request)), VaultEditorMessages.sessionCreated),
    );
    serve(scope, VaultEditorContract.updateSession, async (request) =>
      ok(
        await updateSession(ctx, request.params.id, request.body, auditActorOf(request)),
        VaultEditorMessages.sessionSaved,
      ),
    );
    serve(scope, VaultEditorContract.deleteSession, async (request) =>
      ok(await deleteSession(ctx, request.params.id, auditActorOf(request)), VaultEditorMessages.sessionDeleted),
    );
    serve(scope, VaultEditorContract.deleteResource, async (request) =>
      ok(await deleteResource(ctx, request.params.id, auditActorOf(request)), VaultEditorMessages.resourceDeleted),
    );
    serve(scope, VaultEditorContract.removeSamples, async (request) => {
      const removed = await removeSamples(ctx, auditActorOf(request));
      return ok(removed, VaultEditorMessages.samplesRemoved(removed.courses + removed.sessions + removed.resources));
    });
  });
}
