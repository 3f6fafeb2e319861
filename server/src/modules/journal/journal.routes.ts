import { JournalContract, JournalMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { importTrades, memberJournal, removeJournalEntry, saveJournalEntry } from './journal.service.js';

/** The member's journal: their own trades on the signals, and a broker's history imported. */
export async function registerJournalRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'unlocked', (scope) => {
    serve(scope, JournalContract.journal, async (request) =>
      ok(await memberJournal(ctx, memberOf(request)), JournalMessages.loaded),
    );
    serve(scope, JournalContract.saveEntry, async (request) =>
      ok(await saveJournalEntry(ctx, memberOf(request), request.params.id, request.body), JournalMessages.saved),
    );
    serve(scope, JournalContract.removeEntry, async (request) => {
      await removeJournalEntry(ctx, memberOf(request), request.params.id);
      return ok(null, JournalMessages.removed);
    });
    serve(scope, JournalContract.importTrades, async (request) => {
      const result = await importTrades(ctx, memberOf(request), request.body);
      return ok(result, result.dryRun ? JournalMessages.previewed : JournalMessages.imported(result.imported));
    });
  });
}
