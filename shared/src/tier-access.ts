import { TIER_MIN_DEPOSIT_USD, type Tier } from './constants.js';
import { type DashboardFeature, PAGES } from './pages.js';
import { type AccessFields, signalAccessMode, signalTierOf } from './signals/access.js';

/**
 * The tier a member's pages are drawn for: their own, except that an admin sees every member page as a
 * gold member does (docs/decisions.md, "Admins at full access").
 */
export function effectiveTier(user: Pick<AccessFields, 'tier' | 'role'>): Tier {
  return user.role === 'admin' ? 'gold' : user.tier;
}

/**
 * Whether a sidebar feature is locked for a member at `now`. Guests: Neural Signals, Auto-Copy System,
 * Master Vault and Elite Network locked (as for any member whose dashboard is not unlocked). AI Bot Access is locked unless the tier is gold. Neural Signals
 * needs live access (an unlocked paid tier) or a running trial, which opens it in the delayed view: the
 * same rule the server enforces (`signalAccessMode`). Command Center, Account Setup, Upgrade Portal,
 * Profile Settings and Support Hub are always open. Admins: nothing is locked. No user: everything gated
 * is locked.
 */
export function isFeatureLocked(feature: DashboardFeature, user: AccessFields | null, now: Date = new Date()): boolean {
  if (user?.role === 'admin') return false;
  const tier = user?.tier ?? 'guest';
  // The page table says who may see each page; the rules below say what that means for a member.
  switch (PAGES[feature].access) {
    case 'trial':
      return signalAccessMode(user, now) === 'none';
    case 'live':
      // Members' content needs an activated account, as the server's `live` guard checks.
      return signalTierOf(user) === null;
    case 'gold':
      return tier !== 'gold';
    default:
      return false;
  }
}

/** Gold-only pages (gold room, platinum stream): gold tier on an unlocked dashboard, or an admin. */
export function hasGoldAccess(user: AccessFields | null): boolean {
  return signalTierOf(user) === 'gold';
}

/** Which Command Center view a member gets: guest or unknown → activation; silver/pro → active; gold → elite. */
export function commandCenterView(user: Pick<AccessFields, 'tier' | 'role'> | null): 'activation' | 'active' | 'elite' {
  if (!user) return 'activation';
  const tier = effectiveTier(user);
  if (tier === 'guest') return 'activation';
  return tier === 'gold' ? 'elite' : 'active';
}

/** Pages that show a locked view instead of their content when the member may not see them. */
export const LOCKABLE_PAGES = ['signals', 'gold-room', 'platinum-stream', 'bot-access'] as const;
export type LockablePage = (typeof LOCKABLE_PAGES)[number];

/**
 * Why a page is locked: `activation` while the account is not yet active (a guest, or a dashboard an
 * admin has not unlocked); `trial-ended` on the signal room for such a member whose trial of delayed
 * signals has ended (during it the room is open in the delayed view); `tier` for an active member whose
 * tier does not include the page (silver or pro on a gold page). Null when the page is open. Admins:
 * never locked. The trial opens the signal room only, never a gold page.
 */
export type LockReason = 'activation' | 'trial-ended' | 'tier';

export function pageLockReason(
  page: LockablePage,
  user: AccessFields | null,
  now: Date = new Date(),
): LockReason | null {
  const tier = signalTierOf(user);
  if (page === 'signals') {
    if (signalAccessMode(user, now) !== 'none') return null;
    return user?.trialEndsAt ? 'trial-ended' : 'activation';
  }
  if (tier === null) return 'activation';
  return tier === 'gold' ? null : 'tier';
}

/** A link of a locked page's overlay. */
export interface LockedPageAction {
  label: string;
  to: string;
}

/** What a locked page says: its overlay heading and message, the way forward and a way to ask. */
export interface LockedPageCopy {
  heading: string;
  message: string;
  primary: LockedPageAction;
  secondary: LockedPageAction;
}

const PAGE_NAMES: Record<LockablePage, string> = {
  signals: PAGES.signals.title,
  'gold-room': PAGES['gold-room'].title,
  'platinum-stream': PAGES['platinum-stream'].title,
  // The bot's locked view names the bot itself, not the sidebar entry.
  'bot-access': 'AI Trading Bot',
};

const GOLD_MIN = `$${TIER_MIN_DEPOSIT_USD.gold}+`;

/**
 * The wording of a locked page, one rule for every (page, reason): a member whose account is not active
 * is sent to activation (with the deposit a gold page needs), and told first when it is the trial that
 * has ended; an active member whose tier falls short is told the page is for gold members and shown the
 * upgrade path, never asked to activate again.
 */
export function lockedPageCopy(page: LockablePage, reason: LockReason): LockedPageCopy {
  const support: LockedPageAction = { label: 'Contact Elite Support', to: PAGES.support.path };
  const activate: LockedPageAction = { label: 'Activate Elite Access', to: PAGES['account-setup'].path };
  const gold = page !== 'signals';
  // Only the signal room is opened by the trial, so only there can its end be what is missing.
  if (reason === 'trial-ended' && !gold) {
    return {
      heading: 'Your trial has ended',
      message:
        'Your trial of delayed signals has ended. Activate your account (fund your broker account and send the proof) to receive signals live.',
      primary: activate,
      secondary: support,
    };
  }
  // Every paid tier includes the signal room, so only activation can be missing there.
  if (reason !== 'tier' || !gold) {
    return {
      heading: 'This feature is locked',
      message: gold
        ? `Activate your account with a Gold deposit (${GOLD_MIN}) to unlock it.`
        : 'Activate your account to unlock it.',
      primary: activate,
      secondary: support,
    };
  }
  return {
    heading: `The ${PAGE_NAMES[page]} is for Gold members`,
    message: `Your tier does not include it. Upgrade to Gold with a ${GOLD_MIN} deposit in your own broker account to open it.`,
    primary: { label: 'Upgrade to Gold', to: PAGES.upgrade.path },
    secondary: support,
  };
}
