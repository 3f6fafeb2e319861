import { BotMessages, GoldContract, GoldMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { calibrationTable, lastBacktest, listGoldSignals, streamHistory } from './gold.service.js';
import { botOverview, setBotActive, updateBotSettings } from './paper-trading-bot.service.js';

/**
 * Gold-only calls, all in the `tier` group (gold on an unlocked dashboard, or an admin; 403 otherwise):
 * the member's paper-trading bot (/api/bot...), the Gold Room's analyses and calibration, and the
 * Platinum Stream's recent prices.
 */
export async function registerGoldRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'tier', (scope) => {
    serve(scope, GoldContract.bot, async (request) =>
      ok(await botOverview(ctx, memberOf(request)), BotMessages.loaded),
    );
    serve(scope, GoldContract.botSettings, async (request) =>
      ok(await updateBotSettings(ctx, memberOf(request), request.body), BotMessages.saved),
    );
    serve(scope, GoldContract.botStart, async (request) => {
      const { settings, message } = await setBotActive(ctx, memberOf(request), true);
      return ok(settings, message);
    });
    serve(scope, GoldContract.botPause, async (request) => {
      const { settings, message } = await setBotActive(ctx, memberOf(request), false);
      return ok(settings, message);
    });
    serve(scope, GoldContract.signals, async () => {
      const signals = await listGoldSignals(ctx);
      return ok(signals, signals.length ? GoldMessages.signals : GoldMessages.noSignals);
    });
    serve(scope, GoldContract.calibration, async () => {
      const rows = await calibrationTable(ctx);
      return ok(rows, rows.length ? GoldMessages.calibration : GoldMessages.noCalibration);
    });
    serve(scope, GoldContract.backtest, async () => {
      const backtest = await lastBacktest(ctx);
      return ok(backtest, backtest ? GoldMessages.backtest : GoldMessages.noBacktest);
    });
    serve(scope, GoldContract.stream, async (request) =>
      ok(streamHistory(ctx, request.query.asset), GoldMessages.stream),
    );
  });
}
