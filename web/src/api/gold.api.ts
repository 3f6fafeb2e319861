import { GoldRoutes, type SignalAsset, type TBotSettingsRequest } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/bot: the member's bot settings, statistics, trades and equity curve. */
export function fetchBot(signal?: AbortSignal) {
  return callApi(GoldRoutes.bot, { signal, fallbackMessage: 'Your bot could not be loaded.' });
}

/** PUT /api/bot/settings {riskLevel, maxTradesPerDay, tradeSize}. */
export function saveBotSettings(body: TBotSettingsRequest) {
  return callApi(GoldRoutes.botSettings, {
    body,
    fallbackMessage: 'The settings could not be saved. Please try again.',
  });
}

/** POST /api/bot/start or /api/bot/pause. */
export function setBotRunning(running: boolean) {
  return callApi(running ? GoldRoutes.botStart : GoldRoutes.botPause, {
    fallbackMessage: 'The bot could not be switched. Please try again.',
  });
}

/** GET /api/gold/signals: the newest signals with their analysis and martingale plan. */
export function fetchGoldSignals(signal?: AbortSignal) {
  return callApi(GoldRoutes.signals, { signal, fallbackMessage: 'The analyses could not be loaded.' });
}

/** GET /api/gold/calibration: per asset and confidence band, first-window wins of resolved signals. */
export function fetchCalibration(signal?: AbortSignal) {
  return callApi(GoldRoutes.calibration, { signal, fallbackMessage: 'The calibration could not be loaded.' });
}

/** GET /api/gold/backtest: the worker's latest backtest of the strategy, or null before the first. */
export function fetchBacktest(signal?: AbortSignal) {
  return callApi(GoldRoutes.backtest, { signal, fallbackMessage: 'The backtest could not be loaded.' });
}

/** GET /api/gold/stream?asset=: the recent prices of an asset for the chart. */
export function fetchStreamHistory(asset: SignalAsset, signal?: AbortSignal) {
  return callApi(GoldRoutes.stream, { query: { asset }, signal, fallbackMessage: 'The prices could not be loaded.' });
}
