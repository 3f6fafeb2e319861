import { ACCESS_PATH_MIN_DEPOSIT_USD } from '../constants.js';

/** One question of the product's FAQ and its answer. */
export interface FaqEntry {
  q: string;
  a: string;
}

/**
 * The product's frequently asked questions, each answered once: the Support Hub and the Upgrade Portal
 * each show the questions that concern them, so a fact (how long activation takes, where deposits go)
 * cannot be answered two ways.
 */
export const FAQ = {
  howToActivate: {
    q: 'How do I get my account activated?',
    a: 'Open and fund your account with the partner broker, then upload your proof of deposit in Account Setup. An admin checks it and unlocks your access.',
  },
  activationTime: {
    q: 'How long does activation take?',
    a: 'Activation takes 2-24 hours after your proof is verified, and up to 48 hours at peak times.',
  },
  upgradeTime: {
    q: 'How soon is a tier upgrade applied?',
    a: 'A tier upgrade is usually applied 1-2 hours after verification.',
  },
  whichTier: {
    q: 'Which tier do I get?',
    a: 'Your tier is locked to your highest verified deposit.',
  },
  switchAccessPath: {
    q: 'Can I switch between Manual and Auto access?',
    a: `Manual access can be upgraded to Auto by depositing $${ACCESS_PATH_MIN_DEPOSIT_USD.auto}+. Auto access cannot be downgraded.`,
  },
  subscription: {
    q: 'Do I pay a subscription?',
    a: 'No. Deposits go to your own broker account, not to us as subscription fees.',
  },
  supportReplies: {
    q: 'How will I know when support answers?',
    a: 'Replies appear in My tickets on this page as soon as they are sent, and we e-mail you a copy.',
  },
  liveSignals: {
    q: 'Why do I not see live signals yet?',
    a: 'Live signals open once your account is activated. During your trial you see each signal after its window has closed, with its result.',
  },
} as const satisfies Record<string, FaqEntry>;

/** The Support Hub's questions. */
export const SUPPORT_FAQ: readonly FaqEntry[] = [
  FAQ.howToActivate,
  FAQ.activationTime,
  FAQ.subscription,
  FAQ.supportReplies,
  FAQ.liveSignals,
];

/** The Upgrade Portal's questions. */
export const UPGRADE_FAQ: readonly FaqEntry[] = [
  FAQ.activationTime,
  FAQ.upgradeTime,
  FAQ.whichTier,
  FAQ.switchAccessPath,
  FAQ.subscription,
];
