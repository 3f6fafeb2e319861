import { describe, expect, it } from 'vitest';
import {
  BusinessSettingsMessages,
  EMPTY_BUSINESS_SETTINGS,
  validateFirstAdmin,
  ZBusinessSettings,
} from './business-settings.js';
import { Messages } from './messages.js';

describe('business settings', () => {
  it('accepts nothing set, and trims what is set', () => {
    expect(ZBusinessSettings.parse(EMPTY_BUSINESS_SETTINGS)).toEqual(EMPTY_BUSINESS_SETTINGS);
    const parsed = ZBusinessSettings.parse({ ...EMPTY_BUSINESS_SETTINGS, supportHandle: ' @desk_team ' });
    expect(parsed.supportHandle).toBe('@desk_team');
  });

  it.each([
    ['brokerRegistrationUrl', 'http://broker.ng', BusinessSettingsMessages.httpsUrl],
    ['supportHandle', 'desk', BusinessSettingsMessages.handle],
    ['whatsappNumber', '0801 234 5678', BusinessSettingsMessages.whatsapp],
    ['supportEmail', 'help-at-desk', BusinessSettingsMessages.email],
    ['promoCode', 'BONUS 100', BusinessSettingsMessages.promoCode],
    ['timeZone', 'Lagos', BusinessSettingsMessages.timeZone],
    ['payoutPercent', 120, BusinessSettingsMessages.payout],
  ] as const)('refuses %s = %j with its message', (field, value, message) => {
    const result = ZBusinessSettings.safeParse({ ...EMPTY_BUSINESS_SETTINGS, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it("checks the first admin by sign-up's rules", () => {
    expect(validateFirstAdmin({ fullName: 'Ada Operator', email: 'ada@ops.ng', password: 'S3tupPassw0rd' })).toEqual(
      {},
    );
    expect(validateFirstAdmin({ fullName: '', email: 'ada', password: 'short' })).toEqual({
      fullName: Messages.signup.fullNameRequired,
      email: Messages.signup.emailInvalid,
      password: Messages.signup.passwordTooShort,
    });
  });
});
