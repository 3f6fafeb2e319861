import { ACCESS_PATH_MIN_DEPOSIT_USD, type AccessPath } from './constants.js';

/** Names of the wizard's two access paths, as the Fund Account step words them. */
export const ACCESS_PATH_LABELS: Record<AccessPath, string> = {
  manual: 'Manual Trading Access',
  auto: 'Auto Copy Trading',
};

/**
 * Messages of the account-setup rules. The path minimums are checked in the browser and,
 * like every check, on the server too (docs/decisions.md, "Who may do what"), so the refusal needs words of its own.
 */
export const AccountSetupMessages = {
  depositBelowMinimum: {
    manual: `Deposit amount must be at least $${ACCESS_PATH_MIN_DEPOSIT_USD.manual} for ${ACCESS_PATH_LABELS.manual}`,
    auto: `Deposit amount must be at least $${ACCESS_PATH_MIN_DEPOSIT_USD.auto} for ${ACCESS_PATH_LABELS.auto}`,
  } satisfies Record<AccessPath, string>,
  /** The wizard's non-blocking notice when a save fails (a log line alone would leave the member guessing, so we tell them). */
  saveFailed: 'Your details could not be saved. You can continue and try again later.',
  /** A profile save whose deposit amount is not a number above 0, or absurdly large. */
  depositNotANumber: 'Deposit amount must be a number above 0.',
  depositTooLarge: 'Deposit amount is too large.',
  accessPathInvalid: `Choose an access path: ${ACCESS_PATH_LABELS.manual} or ${ACCESS_PATH_LABELS.auto}.`,
} as const;

/** The smallest deposit (USD) the wizard accepts for an access path: manual $30, auto $500. */
export function minimumDepositFor(path: AccessPath): number {
  return ACCESS_PATH_MIN_DEPOSIT_USD[path];
}

/**
 * The depositAmount a profile save sends: the typed value only when it parses to a
 * finite number above 0; otherwise nothing, so an empty or bad field never overwrites a stored amount.
 */
export function depositAmountToSend(raw: string): number | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * Why a declared deposit does not fit its access path, or null when it does. A deposit of 0 means
 * "not declared yet" (the stored default) and a missing path means "not chosen yet": neither is checked.
 */
export function depositMinimumIssue(
  path: AccessPath | null | undefined,
  amount: number | null | undefined,
): string | null {
  if (!path || amount === null || amount === undefined || amount <= 0) return null;
  return amount < minimumDepositFor(path) ? AccountSetupMessages.depositBelowMinimum[path] : null;
}
