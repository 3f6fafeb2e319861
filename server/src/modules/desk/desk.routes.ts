import { DeskContract, DeskMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { addDeskNote, deskOptions, publishDeskSignal, sourceRecords } from './desk.service.js';

const ZSignalId = z.uuid();

/** The analyst desk (analysts and admins; 401 without a session, 403 for anyone else) and per-source records. */
export async function registerDeskRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'desk', (scope) => {
    serve(scope, DeskContract.options, async (request) => ok(await deskOptions(ctx, memberOf(request)), 'OK'));

    serve(scope, DeskContract.publish, async (request) => {
      const { signal, created } = await publishDeskSignal(ctx, memberOf(request), request.body);
      return ok(signal, created ? DeskMessages.published : DeskMessages.alreadyPublished);
    });

    serve(scope, DeskContract.addNote, async (request) => {
      const id = ZSignalId.safeParse(request.params.id);
      if (!id.success) throw AppError.notFound();
      const note = await addDeskNote(ctx, memberOf(request), id.data, request.body.body);
      return ok(note, DeskMessages.noteAdded);
    });
  });

  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, DeskContract.sources, async () => ok(await sourceRecords(ctx), 'OK'));
  });
}
