import { DeskRoutes, type TDeskNoteRequest, type TDeskPublishRequest } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/desk: the feed's instruments, the expiry windows and this analyst's recent signals. */
export function fetchDeskOptions(signal?: AbortSignal) {
  return callApi(DeskRoutes.options, { signal, fallbackMessage: 'The desk could not be loaded.' });
}

/** POST /api/desk/signals: publishes at the feed's price of now; the form's key makes a repeat the same signal. */
export function publishDeskSignal(body: TDeskPublishRequest) {
  return callApi(DeskRoutes.publish, { body, fallbackMessage: 'The signal could not be published.' });
}

/** POST /api/desk/signals/:id/notes. */
export function addDeskNote(id: string, body: TDeskNoteRequest) {
  return callApi(DeskRoutes.addNote, { params: { id }, body, fallbackMessage: 'The note could not be added.' });
}

/** GET /api/track-record/sources: each analyst's and each model's own record. */
export function fetchSourceRecords(signal?: AbortSignal) {
  return callApi(DeskRoutes.sources, { signal, fallbackMessage: 'The records per source could not be loaded.' });
}
