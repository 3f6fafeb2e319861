import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { activationMail, passwordChangedMail } from './mail.templates.js';

const brandOf = (env: Record<string, string>) => ({ ...parseConfig(env), publicUrl: 'https://signals.example.ng' });

describe('contacts in e-mails', () => {
  it('never names a placeholder contact: the broker link, support chat and e-mail are left out until set', () => {
    const brand = brandOf({});
    const activation = activationMail(brand, 'ada@ops.ng', 'Ada', 'SR-ABC123');
    expect(activation.text).not.toMatch(/broker\.example\.com|signalroom_support|signalroom\.local/);
    expect(activation.html).not.toContain('support@signalroom.local');
    expect(activation.text).toContain('Create your trading account with our partner broker (Account Setup shows how).');
    const changed = passwordChangedMail(brand, 'ada@ops.ng');
    expect(changed.text).toContain('open a ticket in the Support Hub (https://signals.example.ng/dashboard/support)');
  });

  it('names each contact the operator set', () => {
    const brand = brandOf({
      SUPPORT_HANDLE: '@lagos_signals',
      SUPPORT_EMAIL: 'help@lagos-signals.ng',
      BROKER_REGISTRATION_URL: 'https://partner-broker.ng/join',
      PROMO_CODE: 'LAGOS100',
    });
    const activation = activationMail(brand, 'ada@ops.ng', 'Ada', 'SR-ABC123');
    expect(activation.text).toContain('partner broker: https://partner-broker.ng/join');
    expect(activation.text).toContain('Use promo code LAGOS100');
    expect(activation.text).toContain('send it to support @lagos_signals (https://t.me/lagos_signals)');
    expect(passwordChangedMail(brand, 'ada@ops.ng').text).toContain('contact support at help@lagos-signals.ng');
  });
});
