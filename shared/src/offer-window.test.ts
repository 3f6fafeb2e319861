import { describe, expect, it } from 'vitest';
import {
  describeOfferWindow,
  OFFER_WINDOW_DEFAULT_MINUTES,
  OFFER_WINDOW_LIMITS,
  OfferWindowMessages,
  offerDurationError,
  offerWindowFormOf,
  parseOfferWindowForm,
} from './offer-window.js';

describe('offerDurationError', () => {
  it('allows 1 minute up to 30 days', () => {
    for (const minutes of [1, 59, 60, 480, 24 * 60, 30 * 24 * 60]) expect(offerDurationError(minutes)).toBeNull();
  });
  it('refuses zero and negative windows', () => {
    for (const minutes of [0, -1, -480]) expect(offerDurationError(minutes)).toBe(OfferWindowMessages.tooShort);
  });
  it('refuses more than 30 days', () => {
    expect(OFFER_WINDOW_LIMITS.maxMinutes).toBe(43_200);
    for (const minutes of [43_201, 90 * 24 * 60, Number.MAX_SAFE_INTEGER])
      expect(offerDurationError(minutes)).toBe(OfferWindowMessages.tooLong);
  });
  it('refuses fractions and non-numbers', () => {
    for (const minutes of [1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(offerDurationError(minutes)).toBe(OfferWindowMessages.wholeMinutes);
  });
});

describe('parseOfferWindowForm', () => {
  it('adds hours and minutes', () => {
    expect(parseOfferWindowForm({ hours: '8', minutes: '0' })).toEqual({ ok: true, durationMinutes: 480 });
    expect(parseOfferWindowForm({ hours: '1', minutes: '30' })).toEqual({ ok: true, durationMinutes: 90 });
    expect(parseOfferWindowForm({ hours: ' 2 ', minutes: '' })).toEqual({ ok: true, durationMinutes: 120 });
    expect(parseOfferWindowForm({ hours: '', minutes: '45' })).toEqual({ ok: true, durationMinutes: 45 });
    expect(parseOfferWindowForm({ hours: '720', minutes: '0' })).toEqual({ ok: true, durationMinutes: 43_200 });
  });
  it('names the box that is not a whole number', () => {
    expect(parseOfferWindowForm({ hours: '1.5', minutes: '0' })).toEqual({
      ok: false,
      errors: { hours: OfferWindowMessages.hours },
    });
    expect(parseOfferWindowForm({ hours: '-1', minutes: 'x' })).toEqual({
      ok: false,
      errors: { hours: OfferWindowMessages.hours, minutes: OfferWindowMessages.minutes },
    });
    expect(parseOfferWindowForm({ hours: '1e3', minutes: '0' })).toMatchObject({ ok: false });
  });
  it('keeps minutes under an hour and hours within 30 days', () => {
    expect(parseOfferWindowForm({ hours: '0', minutes: '60' })).toEqual({
      ok: false,
      errors: { minutes: OfferWindowMessages.minutes },
    });
    expect(parseOfferWindowForm({ hours: '721', minutes: '0' })).toEqual({
      ok: false,
      errors: { hours: OfferWindowMessages.hours },
    });
  });
  it('refuses an empty window and one just past 30 days with the rule the server uses', () => {
    expect(parseOfferWindowForm({ hours: '0', minutes: '0' })).toEqual({
      ok: false,
      errors: { durationMinutes: OfferWindowMessages.tooShort },
    });
    expect(parseOfferWindowForm({ hours: '', minutes: '' })).toEqual({
      ok: false,
      errors: { durationMinutes: OfferWindowMessages.tooShort },
    });
    expect(parseOfferWindowForm({ hours: '720', minutes: '1' })).toEqual({
      ok: false,
      errors: { durationMinutes: OfferWindowMessages.tooLong },
    });
  });
});

describe('form defaults and wording', () => {
  it('starts from the 8 h window', () => {
    expect(OFFER_WINDOW_DEFAULT_MINUTES).toBe(480);
    expect(offerWindowFormOf(OFFER_WINDOW_DEFAULT_MINUTES)).toEqual({ hours: '8', minutes: '0' });
    expect(offerWindowFormOf(95)).toEqual({ hours: '1', minutes: '35' });
  });
  it('describes a window in hours and minutes', () => {
    expect(describeOfferWindow(480)).toBe('8 h');
    expect(describeOfferWindow(90)).toBe('1 h 30 min');
    expect(describeOfferWindow(45)).toBe('45 min');
  });
});
