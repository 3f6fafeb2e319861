import { describe, expect, it } from 'vitest';
import { dialCodeLabel, validateBotAccessSubmission } from './bot-access.js';
import { VALID_BOT_ACCESS_FORM } from './bot-access.test-data.js';
import { DIAL_CODES } from './constants.js';
import { toBotAccessSubmission } from './validation/bot-access.rules.js';

const filled = VALID_BOT_ACCESS_FORM;

describe('validateBotAccessSubmission (server side of the joined numbers)', () => {
  it('accepts what the form sends for a valid application', () => {
    const body = toBotAccessSubmission(filled);
    expect(body.phoneNumber).toBe('+2348012345678');
    expect(body.callNumber).toBe('+447700900123');
    expect(validateBotAccessSubmission(body)).toEqual({});
  });

  it('checks the national part of the phone number with the 7 to 15 rule', () => {
    const body = toBotAccessSubmission({ ...filled, phoneNumber: '12345' });
    expect(validateBotAccessSubmission(body).phoneNumber).toBe(
      'Please enter a valid phone number (digits only, no country code)',
    );
  });

  it('refuses a phone number that does not start with its dial code', () => {
    const body = { ...toBotAccessSubmission(filled), phoneNumber: '+18012345678' };
    expect(validateBotAccessSubmission(body).phoneNumber).toBe(
      'Please enter a valid phone number (digits only, no country code)',
    );
  });

  it('asks for the phone number when only the dial code arrives', () => {
    const body = { ...toBotAccessSubmission(filled), phoneNumber: '+234' };
    expect(validateBotAccessSubmission(body).phoneNumber).toBe('Phone number is required');
  });

  it('needs the loss amount and the call number only when their questions are answered yes', () => {
    const body = toBotAccessSubmission({ ...filled, lossAmount: '', callNumber: '' });
    const errors = validateBotAccessSubmission(body);
    expect(errors.lossAmount).toBe('Please enter the loss amount');
    expect(errors.callNumber).toBe('Please enter a call number');
    const noes = toBotAccessSubmission({
      ...filled,
      hasLostMoney: 'no',
      wantsCall: 'no',
      lossAmount: '',
      callNumber: '',
    });
    expect(validateBotAccessSubmission(noes)).toEqual({});
  });

  it('refuses option values outside the lists', () => {
    const body = { ...toBotAccessSubmission(filled), hasFunded: 'maybe', readyToStart: '' };
    const errors = validateBotAccessSubmission(body);
    expect(errors.hasFunded).toBe('Please select an option');
    expect(errors.readyToStart).toBe('Please select an option');
  });
});

describe('dialCodeLabel', () => {
  it('shows the dial code, the country code and the name, with no emoji flag', () => {
    const labels = DIAL_CODES.map(dialCodeLabel);
    expect(labels).toContain('+234 NG Nigeria');
    expect(labels).toContain('+27 ZA South Africa');
    expect(labels).toContain('+1 US/CA');
    expect(labels).toContain('+44 UK');
    expect(labels).toHaveLength(20);
    // Regional-indicator letters (emoji flags) draw as empty boxes on Linux and Windows.
    for (const label of labels) expect(label).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  });
});
