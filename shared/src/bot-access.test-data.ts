import { type BotAccessForm, EMPTY_BOT_ACCESS_FORM } from './validation/bot-access.rules.js';

/**
 * A complete, valid bot-access form with both conditional answers given, for tests on either side
 * (shared rules and the server route). Tests import it as `@signalroom/shared/test-data`; it is
 * not part of the built package.
 */
export const VALID_BOT_ACCESS_FORM: BotAccessForm = {
  ...EMPTY_BOT_ACCESS_FORM,
  fullName: 'Ada Obi',
  phoneNumber: '801 234 5678',
  email: 'ada@example.com',
  hasAccount: 'yes',
  hasFunded: 'ready',
  canAfford: 'maybe',
  hasLostMoney: 'yes',
  lossAmount: '$300',
  usageMethod: 'both',
  wantsCall: 'yes',
  callCountryCode: '+44',
  callNumber: '7700 900123',
  readyToStart: 'now',
};
