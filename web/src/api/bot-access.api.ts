import { Messages, type TBotAccessSubmitRequest } from '@signalroom/shared';
import { api } from './client.js';

/** POST /api/bot-access/submit (DECISIONS.md: the path the spec leaves open). */
export function submitBotAccess(body: TBotAccessSubmitRequest) {
  return api.post<{ id: string }>('/bot-access/submit', body, { fallbackMessage: Messages.wrapper.botAccessSubmit });
}
