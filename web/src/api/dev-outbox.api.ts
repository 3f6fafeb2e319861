import { PlatformRoutes } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/dev/outbox: mails the server sent or would send; exists only outside production. */
export function fetchDevOutbox() {
  return callApi(PlatformRoutes.devOutbox, {});
}
