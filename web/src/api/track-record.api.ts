import { TrackRecordRoutes, type TTrackRecordCheckpoint } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/track-record/summary: the public track record page (statistics, feed, chain head). */
export function fetchTrackRecordSummary() {
  return callApi(TrackRecordRoutes.summary, { fallbackMessage: 'The track record could not be loaded.' });
}

/** GET /api/track-record/key: the key that signs every checkpoint. */
export function fetchTrackRecordKey() {
  return callApi(TrackRecordRoutes.key, {});
}

/** GET /api/track-record/head: the public head, the latest signed checkpoint (null before the first) and the check. */
export function fetchTrackRecordHead() {
  return callApi(TrackRecordRoutes.head, {});
}

/** GET /api/track-record/proofs/consistency: that the record of `to` entries extends the one of `from`. */
export function fetchConsistencyProof(from: number, to: number) {
  return callApi(TrackRecordRoutes.consistency, { query: { from, to } });
}

/** POST /api/track-record/witness-reports: a kept checkpoint the record no longer extends. */
export function reportRewrittenCheckpoint(checkpoint: TTrackRecordCheckpoint) {
  return callApi(TrackRecordRoutes.witnessReport, { body: { checkpoint } });
}

/** GET /api/admin/track-record: the check, signals waiting for a repair, witnesses' reports. */
export function fetchTrackRecordAdminView() {
  return callApi(TrackRecordRoutes.admin, { fallbackMessage: 'The track record state could not be loaded.' });
}
