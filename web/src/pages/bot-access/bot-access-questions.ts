import { HAS_FUNDED_OPTIONS, READY_TO_START_OPTIONS, USAGE_METHOD_OPTIONS } from '@signalroom/shared';

export interface ChoiceOption {
  value: string;
  label: string;
}

const yesNo: ChoiceOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** Texts of the 12 numbered questions; option labels in the product's wording. */
export const QUESTIONS = {
  fullName: { n: 1, title: 'What is your full name?' },
  phoneNumber: { n: 2, title: 'What is your WhatsApp phone number?' },
  email: { n: 3, title: 'What is your email address?' },
  hasAccount: { n: 4, title: 'Do you already have a trading account with our partner broker?', options: yesNo },
  hasFunded: {
    n: 5,
    title: 'Have you funded your trading account with at least $50?',
    options: HAS_FUNDED_OPTIONS as readonly ChoiceOption[],
  },
  canAfford: {
    n: 6,
    title: 'Can you fund at least $50 to activate the AI bot?',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'maybe', label: 'Maybe' },
      { value: 'no', label: 'No' },
    ],
  },
  hasLostMoney: { n: 7, title: 'Have you lost money trading before?', options: yesNo },
  lossAmount: { n: 8, title: 'Roughly how much have you lost?' },
  usageMethod: {
    n: 9,
    title: 'How do you want to use the AI bot?',
    options: USAGE_METHOD_OPTIONS as readonly ChoiceOption[],
  },
  wantsCall: { n: 10, title: 'Would you like a call from our team to help you get set up?', options: yesNo },
  callNumber: { n: 11, title: 'Which number should we call?' },
  readyToStart: {
    n: 12,
    title: 'When are you ready to start?',
    options: READY_TO_START_OPTIONS as readonly ChoiceOption[],
  },
} as const;
