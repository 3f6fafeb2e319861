import { DeliveryRoutes, type TPushSubscriptionRequest } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/users/push/key: the server's VAPID public key. */
export function fetchPushKey(signal?: AbortSignal) {
  return callApi(DeliveryRoutes.pushKey, { signal, fallbackMessage: 'Web Push is not available right now.' });
}

/** GET /api/users/push/subscriptions: the member's browsers receiving signals. */
export function fetchPushDevices(signal?: AbortSignal) {
  return callApi(DeliveryRoutes.pushDevices, { signal, fallbackMessage: 'Your devices could not be loaded.' });
}

/** POST /api/users/push/subscriptions: saves this browser's subscription. */
export function savePushSubscription(body: TPushSubscriptionRequest) {
  return callApi(DeliveryRoutes.subscribePush, { body, fallbackMessage: 'This browser could not be added.' });
}

/** DELETE /api/users/push/subscriptions/:id. */
export function removePushDevice(id: string) {
  return callApi(DeliveryRoutes.removePushDevice, {
    params: { id },
    fallbackMessage: 'The device could not be removed.',
  });
}

/** GET /api/users/telegram: whether the channel is on and the member's link. */
export function fetchTelegram(signal?: AbortSignal) {
  return callApi(DeliveryRoutes.telegram, { signal, fallbackMessage: 'Telegram status could not be loaded.' });
}

/** POST /api/users/telegram/link-code: a one-time code for the bot. */
export function requestTelegramCode() {
  return callApi(DeliveryRoutes.telegramLinkCode, { fallbackMessage: 'No link code could be made.' });
}

/** DELETE /api/users/telegram. */
export function unlinkTelegram() {
  return callApi(DeliveryRoutes.unlinkTelegram, { fallbackMessage: 'Telegram could not be unlinked.' });
}

/** POST /api/notifications/unsubscribe?token=: the e-mail's one-click unsubscribe. */
export function unsubscribe(token: string) {
  return callApi(DeliveryRoutes.unsubscribe, {
    query: { token },
    fallbackMessage: 'The unsubscribe link could not be used.',
  });
}

/** GET /api/admin/deliveries?page: one page (50) of delivered signals with their counts. */
export function fetchDeliveredSignals(page: number, signal?: AbortSignal) {
  return callApi(DeliveryRoutes.deliveredSignals, {
    query: { page },
    signal,
    fallbackMessage: 'Signal deliveries could not be loaded.',
  });
}

/** GET /api/admin/signals/{id}/deliveries: one signal's counts and its deliveries with an error. */
export function fetchSignalDeliveries(id: string, signal?: AbortSignal) {
  return callApi(DeliveryRoutes.signalDeliveries, {
    params: { id },
    signal,
    fallbackMessage: "This signal's deliveries could not be loaded.",
  });
}
