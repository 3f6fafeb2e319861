import type { Envelope, TCountdownConfig } from '@signalroom/shared';
import { api } from './client.js';

/** Outcome of a countdown admin call: the configuration, or what to tell the admin. */
export type CountdownAdminResult =
  | { ok: true; data: TCountdownConfig }
  | {
      ok: false;
      message: string;
      /** unauthorized: the session is dead; forbidden: not (or no longer) an admin; failed: anything else. */
      status: 'unauthorized' | 'forbidden' | 'failed';
      /** The server's message per field of a refused form (durationMinutes). */
      fields: Record<string, string>;
    };

const UNREACHABLE = 'The server could not be reached. Please check your connection and try again.';

async function run(call: () => Promise<Envelope<TCountdownConfig>>): Promise<CountdownAdminResult> {
  try {
    const answer = await call();
    if (answer.success && answer.data) return { ok: true, data: answer.data };
    const code = answer.error?.code;
    const status = code === 'unauthorized' ? 'unauthorized' : code === 'forbidden' ? 'forbidden' : 'failed';
    return { ok: false, message: answer.message, status, fields: answer.error?.fields ?? {} };
  } catch {
    return { ok: false, message: UNREACHABLE, status: 'failed', fields: {} };
  }
}

/** GET /api/countdown/config (admin): the deadline, the default window, who set it last. */
export function fetchCountdownConfig(): Promise<CountdownAdminResult> {
  return run(() => api.get<TCountdownConfig>('/countdown/config', { fallbackMessage: 'Failed to load the countdown' }));
}

/** POST /api/countdown/reset (admin): a new deadline, now + durationMinutes. */
export function resetCountdown(durationMinutes: number): Promise<CountdownAdminResult> {
  return run(() =>
    api.post<TCountdownConfig>(
      '/countdown/reset',
      { durationMinutes },
      { fallbackMessage: 'Failed to reset the countdown' },
    ),
  );
}
