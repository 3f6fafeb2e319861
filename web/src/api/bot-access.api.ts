import { BotAccessRoutes, Messages, type TBotAccessSubmitRequest } from '@signalroom/shared';
import { callApi } from './client.js';

/** POST /api/bot-access/submit. */
export function submitBotAccess(body: TBotAccessSubmitRequest) {
  return callApi(BotAccessRoutes.submit, { body, fallbackMessage: Messages.wrapper.botAccessSubmit });
}
