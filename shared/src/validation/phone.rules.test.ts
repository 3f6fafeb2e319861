import { describe, expect, it } from 'vitest';
import { validateBotAccessSubmission } from '../bot-access.js';
import { VALID_BOT_ACCESS_FORM } from '../bot-access.test-data.js';
import { DIAL_CODES } from '../constants.js';
import { Messages } from '../messages.js';
import { toBotAccessSubmission, validateBotAccessForm } from './bot-access.rules.js';
import { regionOfCountry, toE164 } from './phone.rules.js';
import { validateSignup } from './signup.rules.js';

describe('toE164', () => {
  it('reads international and national numbers with spaces, dashes, dots and brackets', () => {
    const ng = { region: regionOfCountry('Nigeria') };
    for (const typed of ['+234 803 555 1234', '0803 555 1234', '(0803) 555-1234', '0803.555.1234', '803 555 1234']) {
      expect(toE164(typed, ng), typed).toBe('+2348035551234');
    }
    expect(toE164('+1 (415) 555-2671')).toBe('+14155552671');
    expect(toE164('415-555-2671', { region: 'US' })).toBe('+14155552671');
    expect(toE164('020 7946 0958', { region: regionOfCountry('United Kingdom') })).toBe('+442079460958');
  });

  it('reads a national number with a dial code, and refuses another country with +', () => {
    expect(toE164('0803 555 1234', { dialCode: '+234' })).toBe('+2348035551234');
    expect(toE164('+234 803 555 1234', { dialCode: '+234' })).toBe('+2348035551234');
    expect(toE164('+44 20 7946 0958', { dialCode: '+234' })).toBeNull();
  });

  it('refuses every number with a dial code the forms do not offer instead of throwing', () => {
    for (const dialCode of ['abc', '+999', '+0', '1x', '\u200b', '\u{1f600}', '\uff21\uff22']) {
      expect(toE164('0803 555 1234', { dialCode }), JSON.stringify(dialCode)).toBeNull();
    }
    // Every code the forms offer is one libphonenumber knows.
    for (const dial of DIAL_CODES)
      expect(() => toE164('0803 555 1234', { dialCode: dial.code }), dial.code).not.toThrow();
  });

  it('refuses numbers of the wrong length for their country, letters, and fewer than 7 or more than 15 digits', () => {
    const ng = { region: regionOfCountry('Nigeria') };
    expect(toE164('0803 555 123', ng)).toBeNull();
    expect(toE164('12345', ng)).toBeNull();
    expect(toE164('0803 555 1234 ext 5', ng)).toBeNull();
    expect(toE164('+1234567890123456')).toBeNull();
    expect(toE164('++2348035551234')).toBeNull();
  });

  it('needs a + when the country is Other', () => {
    expect(toE164('0803 555 1234', { region: regionOfCountry('Other') })).toBeNull();
    expect(toE164('+234 803 555 1234', { region: regionOfCountry('Other') })).toBe('+2348035551234');
  });
});

describe('phone rules of the forms', () => {
  const signup = {
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    country: 'Nigeria',
    telegram: '',
    password: 'Str0ngPassw0rd',
  };

  it('sign-up: the form messages, with the chosen country', () => {
    expect(validateSignup({ ...signup, phone: '0803 555 1234' }).phone).toBeUndefined();
    expect(validateSignup({ ...signup, phone: '' }).phone).toBe(Messages.signup.phoneRequired);
    expect(validateSignup({ ...signup, phone: '0803 555' }).phone).toBe(Messages.signup.phoneInvalid);
    // No country yet: only the country's message (a national number needs it).
    expect(validateSignup({ ...signup, country: '', phone: '0803 555 1234' })).toEqual({
      country: Messages.signup.countryRequired,
    });
  });

  it('bot-access: the dial code select and the form message', () => {
    const form = { ...VALID_BOT_ACCESS_FORM, countryCode: '+234', phoneNumber: '(0803) 555-1234' };
    expect(validateBotAccessForm(form).phoneNumber).toBeUndefined();
    expect(validateBotAccessSubmission(toBotAccessSubmission(form))).toEqual({});
    expect(validateBotAccessForm({ ...form, phoneNumber: '0803 555' }).phoneNumber).toBe(
      Messages.botAccess.phoneInvalid,
    );
  });
});
