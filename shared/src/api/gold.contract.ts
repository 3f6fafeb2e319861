import { z } from 'zod';
import { ZStoredBacktest } from '../backtest.js';
import { ZCalibrationRow, ZGoldSignal, ZStreamHistory, ZStreamQuery } from '../gold.js';
import { ZBotOverview, ZBotSettings, ZBotSettingsRequest } from '../paper-trading.js';
import { type RouteTable, withSchemas } from './contract.js';

/** Gold-only calls: the member's paper-trading bot, the Gold Room and the Platinum Stream. */
export const GoldRoutes = {
  bot: { method: 'GET', path: '/bot', group: 'tier' },
  botSettings: { method: 'PUT', path: '/bot/settings', group: 'tier' },
  botStart: { method: 'POST', path: '/bot/start', group: 'tier' },
  botPause: { method: 'POST', path: '/bot/pause', group: 'tier' },
  signals: { method: 'GET', path: '/gold/signals', group: 'tier' },
  calibration: { method: 'GET', path: '/gold/calibration', group: 'tier' },
  backtest: { method: 'GET', path: '/gold/backtest', group: 'tier' },
  stream: { method: 'GET', path: '/gold/stream', group: 'tier' },
} as const satisfies RouteTable;

/** What each of GoldRoutes takes and answers. */
export const GoldContract = /* @__PURE__ */ withSchemas(GoldRoutes, {
  bot: { summary: "The member's bot: settings, statistics, trades and equity curve", data: ZBotOverview },
  botSettings: { summary: "Update the bot's settings", body: ZBotSettingsRequest, data: ZBotSettings },
  botStart: { summary: 'Start the bot (it follows the next signals)', data: ZBotSettings },
  botPause: { summary: 'Pause the bot (trades in play still close)', data: ZBotSettings },
  signals: { summary: 'The newest signals with their full analysis and martingale plan', data: z.array(ZGoldSignal) },
  calibration: {
    summary: 'Per asset and confidence band: how often resolved signals won their first window',
    data: z.array(ZCalibrationRow),
  },
  backtest: {
    summary: "The worker's latest backtest of the strategy on its feed's history (null before the first)",
    data: ZStoredBacktest.nullable(),
  },
  stream: { summary: 'Recent prices of an asset for the live chart', query: ZStreamQuery, data: ZStreamHistory },
});
