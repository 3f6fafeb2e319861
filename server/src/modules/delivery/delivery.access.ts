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
  if (signalAccessMode(member, now) !== 'full') return false;
  const tier = signalTierOf(member);
  if (!tier) return false;
  return !signalViewFor(signal, tier, limits).locked && !isPrimaryWindowClosed(signal, now);
}
