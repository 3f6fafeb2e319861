import { TIMING } from './constants.js';

/**
 * The offer window an admin starts from the Offer countdown screen (POST /api/countdown/reset): the new
 * deadline is now + the window. The 8 h start is the product's; the bounds are ours (docs/decisions.md, "Honest
 * by construction": a real deadline set by an admin), so a slip of the keyboard cannot end the offer at once or set it months away.
 * The web form and the server check the same rule and show the same messages.
 */
export const OFFER_WINDOW_LIMITS = {
  minMinutes: 1,
  /** 30 days: longer is not a countdown any visitor would believe. */
  maxMinutes: 30 * 24 * 60,
} as const;

/** The default window in minutes (8 h). */
export const OFFER_WINDOW_DEFAULT_MINUTES = TIMING.offerWindowMs / 60_000;

export const OfferWindowMessages = {
  wholeMinutes: 'The offer window must be a whole number of minutes.',
  tooShort: 'The offer window must be at least 1 minute.',
  tooLong: 'The offer window can be at most 30 days (720 hours).',
  hours: 'Enter the hours as a whole number from 0 to 720.',
  minutes: 'Enter the minutes as a whole number from 0 to 59.',
} as const;

/** The rule the server enforces: the message for a bad duration in minutes, or null when it is allowed. */
export function offerDurationError(durationMinutes: number): string | null {
  if (!Number.isInteger(durationMinutes)) return OfferWindowMessages.wholeMinutes;
  if (durationMinutes < OFFER_WINDOW_LIMITS.minMinutes) return OfferWindowMessages.tooShort;
  if (durationMinutes > OFFER_WINDOW_LIMITS.maxMinutes) return OfferWindowMessages.tooLong;
  return null;
}

/** The form's two boxes as typed. */
export interface OfferWindowForm {
  hours: string;
  minutes: string;
}

export type OfferWindowFormErrors = Partial<Record<'hours' | 'minutes' | 'durationMinutes', string>>;

export type OfferWindowFormResult =
  | { ok: true; durationMinutes: number }
  | { ok: false; errors: OfferWindowFormErrors };

const MAX_HOURS = OFFER_WINDOW_LIMITS.maxMinutes / 60;

/** A box's whole number (digits only, empty counts as 0), or null when it is not one. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Reads the hours and minutes boxes into one duration in minutes, or the message for each box that is
 * wrong. Both boxes may be used (1 h 30 min); the total must pass `offerDurationError`.
 */
export function parseOfferWindowForm(form: OfferWindowForm): OfferWindowFormResult {
  const hours = wholeNumber(form.hours);
  const minutes = wholeNumber(form.minutes);
  const errors: OfferWindowFormErrors = {};
  if (hours === null || hours > MAX_HOURS) errors.hours = OfferWindowMessages.hours;
  if (minutes === null || minutes > 59) errors.minutes = OfferWindowMessages.minutes;
  if (hours === null || minutes === null || errors.hours || errors.minutes) return { ok: false, errors };
  const durationMinutes = hours * 60 + minutes;
  const error = offerDurationError(durationMinutes);
  return error ? { ok: false, errors: { durationMinutes: error } } : { ok: true, durationMinutes };
}

/** A duration in minutes as the form's boxes (480 → 8 and 0). */
export function offerWindowFormOf(durationMinutes: number): OfferWindowForm {
  return { hours: String(Math.floor(durationMinutes / 60)), minutes: String(durationMinutes % 60) };
}

/** A duration in words for the confirm step: '8 h', '1 h 30 min', '45 min'. */
export function describeOfferWindow(durationMinutes: number): string {
  const hours = Math.floor(durationMinutes / 60);
  const minutes = durationMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
