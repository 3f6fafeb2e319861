import { formatDay, formatMoment, type MomentOptions, type TUser } from '@signalroom/shared';
import { useCallback } from 'react';
import { useSessionStore } from '../../stores/session.store.js';

import { browserTimeZone } from './browser-zone.js';

export { browserTimeZone };

/** The zone every time on this device is shown in: the member's own choice, else the browser's. */
export function readerTimeZone(user: Pick<TUser, 'timeZone'> | null | undefined): string {
  return user?.timeZone || browserTimeZone();
}

export type MomentFormat = (at: Date | string | number, options?: Omit<MomentOptions, 'timeZone'>) => string;

/**
 * The one clock of the web app: every screen writes a moment with `format` (shared/src/clock.ts), in
 * the signed-in member's zone (an admin's own, on admin screens too), or the browser's for visitors.
 */
export function useClock(): { timeZone: string; format: MomentFormat } {
  const timeZone = useSessionStore((s) => readerTimeZone(s.user));
  const format = useCallback<MomentFormat>((at, options) => formatMoment(at, { ...options, timeZone }), [timeZone]);
  return { timeZone, format };
}

/**
 * The same clock outside a hook (formatters called while rendering lists, module helpers): the zone is
 * read from the session at the moment of the call.
 */
export function formatForReader(at: Date | string | number, options?: Omit<MomentOptions, 'timeZone'>): string {
  return formatMoment(at, { ...options, timeZone: readerTimeZone(useSessionStore.getState().user) });
}

/** A date alone in the reader's zone ("27 Nov", "3 Dec 2025"): a join date, a creation day. */
export function formatDayForReader(at: Date | string | number): string {
  return formatDay(at, readerTimeZone(useSessionStore.getState().user));
}

/** Every IANA zone this browser knows, for the Time zone field (the member's current one kept first). */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}
