import { DeliveryContract, DeliveryMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import type { DeliveryService } from './delivery.service.js';

/** Web Push devices, the Telegram link, one-click unsubscribe and the admins' delivery log. */
export async function registerDeliveryRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  delivery: DeliveryService,
): Promise<void> {
  await routeGroup(app, ctx, 'member', (scope) => {
    serve(scope, DeliveryContract.pushKey, async () =>
      ok({ publicKey: delivery.pushPublicKey() }, DeliveryMessages.pushKey),
    );
    serve(scope, DeliveryContract.pushDevices, async (request) =>
      ok(await delivery.pushDevices(memberOf(request).id), DeliveryMessages.pushDevices),
    );
    serve(scope, DeliveryContract.subscribePush, async (request) =>
      ok(await delivery.subscribePush(memberOf(request).id, request.body), DeliveryMessages.pushSubscribed),
    );
    serve(scope, DeliveryContract.removePushDevice, async (request) => {
      await delivery.removePushDevice(memberOf(request).id, request.params.id);
      return ok(null, DeliveryMessages.pushRemoved);
    });
    serve(scope, DeliveryContract.telegram, async (request) =>
      ok(await delivery.telegramStatus(memberOf(request).id), DeliveryMessages.telegramStatus),
    );
    serve(scope, DeliveryContract.telegramLinkCode, async (request) =>
      ok(await delivery.issueTelegramCode(memberOf(request).id), DeliveryMessages.telegramCodeIssued),
    );
    serve(scope, DeliveryContract.unlinkTelegram, async (request) =>
      ok(await delivery.unlinkTelegram(memberOf(request).id), DeliveryMessages.telegramUnlinked),
    );
  });

  await routeGroup(app, ctx, 'public', (scope) => {
    // Mail clients post RFC 8058's form body ("List-Unsubscribe=One-Click"); the token is in the address.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, undefined),
    );
    serve(scope, DeliveryContract.unsubscribe, async (request) => {
      await delivery.unsubscribe(request.query.token);
      return ok(null, DeliveryMessages.unsubscribed);
    });
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, DeliveryContract.signalDeliveries, async (request) =>
      ok(await delivery.signalDeliveries(request.params.id), DeliveryMessages.deliveriesListed),
    );
    serve(scope, DeliveryContract.deliveredSignals, async (request) => {
      const { items, pagination } = await delivery.deliveredSignals(request.query.page);
      const message = items.length ? DeliveryMessages.deliveredSignalsListed : DeliveryMessages.noDeliveredSignals;
      return ok(items, message, pagination);
    });
  });
}
