import {
  type AccessFields,
  isPrimaryWindowClosed,
  signalAccessMode,
  signalTierOf,
  signalViewFor,
  type TierDailyLimits,
  type TSignal,
} from '@signalroom/shared';

/**
 * Whether a signal may be delivered to a member now: the room's own rules, read through the shared
 * functions. Only live access counts (`full`: an unlocked paid tier or an admin), the signal must be
 * within the member's tier allowance for its day (not a locked teaser), and its primary window must
 * still be open. A member in the trial's delayed view gets nothing delivered: the room shows them a
 * signal only once its window has closed, and a message about a signal nobody can trade any more is
 * noise (docs/decisions.md, "Signal delivery").
 */
export function receivesSignalNow(member: AccessFields, signal: TSignal, limits: TierDailyLimits, now: Date): boolean {
  return seesSignalInFull(member, signal, limits, now) && !isPrimaryWindowClosed(signal, now);
}

/**
 * Whether the member's room shows this signal in full now: live access (an unlocked paid tier, or an
 * admin) and within the tier's allowance for the signal's day. Webhooks follow this rule alone: a
 * program keeps a record of signals, so a signal whose window has closed is still delivered to it.
 */
export function seesSignalInFull(member: AccessFields, signal: TSignal, limits: TierDailyLimits, now: Date): boolean {
  if (signalAccessMode(member, now) !== 'full') return false;
  const tier = signalTierOf(member);
  if (!tier) return false;
  return !signalViewFor(signal, tier, limits).locked;
}
