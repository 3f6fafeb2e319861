import { describe, expect, it } from 'vitest';
import { Messages } from '../messages.js';
import { checkEmail, checkFullName } from './auth.rules.js';
import { validateSignup } from './signup.rules.js';
import { emailKey, emailSpoofIssue, hiddenCharacterIssue, normalizeEmail, stripBidiMarks } from './text.rules.js';

const hidden = Messages.common.hiddenCharacters;

describe('hidden characters', () => {
  it('refuses NUL, C0, DEL and C1 controls in one-line text', () => {
    for (const c of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001F', '\u007F', '\u0080', '\u0085', '\u009F']) {
      expect(hiddenCharacterIssue(`a${c}b`), JSON.stringify(c)).toBe(hidden);
    }
  });

  it('allows tab and line breaks, and nothing else, in multi-line text', () => {
    expect(hiddenCharacterIssue('line one\r\n\tline two', 'multi-line')).toBeUndefined();
    expect(hiddenCharacterIssue('a\u0000b', 'multi-line')).toBe(hidden);
    expect(hiddenCharacterIssue('a\u000Bb', 'multi-line')).toBe(hidden);
  });

  it('refuses bidi overrides and isolates, and broken UTF-16', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(hiddenCharacterIssue(`a${c}b`)).toBe(hidden);
    }
    expect(hiddenCharacterIssue('a\uD800b')).toBe(hidden);
    expect(hiddenCharacterIssue('a\uDC00')).toBe(hidden);
  });

  it('accepts ordinary text in every alphabet, emoji and joiners included', () => {
    for (const text of ['Ada Obi', 'Chiamaka Ọkọ', 'محمد علي', 'नमस्ते', 'می‌خواهم', '👩🏽‍💻 Zoë', '$300']) {
      expect(hiddenCharacterIssue(text), text).toBeUndefined();
    }
  });

  it('lets phone numbers carry bidi marks, which are removed before reading', () => {
    expect(hiddenCharacterIssue('\u202A+234 803\u202C', 'phone')).toBeUndefined();
    expect(hiddenCharacterIssue('0803\u0000', 'phone')).toBe(hidden);
    expect(stripBidiMarks('\u2066+234 803 555 1234\u2069')).toBe('+234 803 555 1234');
  });
});

describe('e-mail addresses', () => {
  it('fold to NFKC and trim, so full-width and ligature look-alikes are the same address', () => {
    expect(normalizeEmail('  ａｄａ@ｅｘａｍｐｌｅ.ｃｏｍ ')).toBe('ada@example.com');
    expect(normalizeEmail('oﬃce@example.com')).toBe('office@example.com');
    expect(emailKey('ADA@Example.COM')).toBe('ada@example.com');
  });

  it('refuse invisible characters and mixed alphabets with clear words', () => {
    for (const email of ['ada\u200B@example.com', 'ad\u00ADa@example.com', 'ada\uFEFF@example.com', 'a\u2060da@x.co']) {
      expect(emailSpoofIssue(normalizeEmail(email)), JSON.stringify(email)).toBe(Messages.common.emailInvisible);
    }
    expect(emailSpoofIssue('\u0430da@example.com')).toBe(Messages.common.emailMixedScripts);
    expect(emailSpoofIssue('ada@example.com')).toBeUndefined();
    expect(emailSpoofIssue('почта@пример.рф')).toBeUndefined();
  });

  it('the form rule shows them too', () => {
    const m = { required: 'req', invalid: 'bad' };
    expect(checkEmail('ada\u200B@example.com', m)).toBe(Messages.common.emailInvisible);
    expect(checkEmail('   ', m)).toBe('req');
    expect(checkEmail('ada@example', m)).toBe('bad');
    expect(checkEmail('ａｄａ@example.com', m)).toBeUndefined();
  });
});

describe('names', () => {
  it('refuse control and bidi-override characters', () => {
    expect(checkFullName('Ada \u202EibO')).toBe(hidden);
    expect(checkFullName('Ada\u0000Obi')).toBe(hidden);
    expect(checkFullName('Ada Obi')).toBeUndefined();
  });

  it('the sign-up form says so under the field', () => {
    const errors = validateSignup({
      fullName: 'Ada\u202EObi',
      email: 'ada@example.com',
      phone: '0803 555 1234',
      country: 'Nigeria',
      telegram: '@ada\u0000',
      password: 'Str0ngPassw0rd',
    });
    expect(errors).toEqual({ fullName: hidden, telegram: hidden });
  });
});
