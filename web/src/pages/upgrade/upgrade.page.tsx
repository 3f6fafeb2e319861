import {
  effectiveTier,
  TIER_MIN_DEPOSIT_USD,
  TIMING,
  UPGRADE_FAQ,
  type UpgradeTier,
  upgradeAvailability,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Crown, Gem, Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSupportReachable } from '../../components/contacts/operator-contact.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FaqSection } from '../../components/dashboard/faq-section.js';
import { SupportLinks } from '../../components/dashboard/support-links.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { usePublicConfigStore, useTierLimits } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import tierCardStyles from '../command-center/tier-cards.module.css';

const CARDS: ReadonlyArray<{ tier: UpgradeTier; name: string; icon: typeof Star; perks: string[] }> = [
  {
    tier: 'silver',
    name: 'Silver Node',
    icon: Star,
    perks: ['Live momentum-model signals', 'Martingale plan on every signal'],
  },
  {
    tier: 'pro',
    name: 'Pro Node',
    icon: Gem,
    perks: ['Live momentum-model signals', 'Auto-Copy System (coming soon)', 'Elite Network'],
  },
  {
    tier: 'gold',
    name: 'Gold Node',
    icon: Crown,
    perks: ['Every signal, unlimited', 'Gold Room and Platinum Stream', 'AI Bot Access'],
  },
];

/** Upgrade Portal (/dashboard/upgrade): three tier cards with availability rules, explanation, FAQ, support. */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const config = usePublicConfigStore((s) => s.config);
  const supportReachable = useSupportReachable();
  const limits = useTierLimits();
  const [processing, setProcessing] = useState<UpgradeTier | null>(null);
  const [blocked, setBlocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  if (!user) return null;

  function choose(tier: UpgradeTier) {
    setProcessing(tier);
    setBlocked(false);
    timer.current = setTimeout(() => {
      setProcessing(null);
      const opened = window.open('/dashboard/account-setup', '_blank');
      // A same-origin page, but it still should not script this one.
      if (opened) opened.opener = null;
      if (!opened) setBlocked(true);
    }, TIMING.upgradeProcessingMs);
  }

  return (
    <div className={pageStyles.page} data-testid="upgrade-page">
      <header className={pageStyles.pageHead}>
        <h1>Upgrade Portal</h1>
        <p className={pageStyles.muted}>Your tier follows the capital in your own trading account.</p>
      </header>

      <p className={pageStyles.notice} role="note">
        Deposits go to your own broker account and stay yours. They are not subscription fees.
      </p>

      <div className={clsx(pageStyles.grid, pageStyles.grid3)}>
        {CARDS.map((card) => {
          // An admin already has every page at full access: their cards read as a gold member's.
          const availability = upgradeAvailability(effectiveTier(user), card.tier);
          const limit = limits[card.tier];
          const busy = processing === card.tier;
          return (
            <article
              key={card.tier}
              className={clsx(panelStyles.panel, tierCardStyles.tierCard, tierCardStyles[`tier-card--${card.tier}`])}
              data-testid={`upgrade-${card.tier}`}
            >
              <card.icon aria-hidden="true" size={26} />
              <h2>{card.name}</h2>
              <p className={tierCardStyles.tierCardMin}>${TIER_MIN_DEPOSIT_USD[card.tier]}+ deposit</p>
              <p className={pageStyles.muted}>{limit === null ? 'Unlimited signals' : `${limit} signals / day`}</p>
              <ul className={pageStyles.checkList}>
                {card.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
              {availability.available ? (
                <button
                  type="button"
                  className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
                  onClick={() => choose(card.tier)}
                  disabled={processing !== null}
                  aria-busy={busy}
                >
                  {busy ? 'Processing' : `Choose ${card.name}`}
                </button>
              ) : (
                <button type="button" className={buttonStyles.btn} disabled>
                  {availability.label}
                </button>
              )}
            </article>
          );
        })}
      </div>
      {blocked && (
        <p role="status" className={pageStyles.notice}>
          Your browser blocked the new window. <a href="/dashboard/account-setup">Open Account Setup</a>
        </p>
      )}

      <section className={panelStyles.panel} aria-labelledby="upgrade-steps-title">
        <h2 id="upgrade-steps-title">How upgrading works</h2>
        <ol className={pageStyles.protocol}>
          <li>
            <strong>Choose your tier</strong>
            <span className={pageStyles.muted}>Pick the tier that matches the capital you want to trade with.</span>
          </li>
          <li>
            <strong>Fund your broker account</strong>
            <span className={pageStyles.muted}>
              Deposit the tier's minimum into your own account with the partner broker.
            </span>
          </li>
          <li>
            <strong>Submit your proof</strong>
            <span className={pageStyles.muted}>
              Upload your proof of deposit in <Link to="/dashboard/account-setup?step=3">Account Setup</Link> (or send
              it to support). An admin verifies it and upgrades your tier.
            </span>
          </li>
        </ol>
      </section>

      <FaqSection id="upgrade-faq-title" entries={UPGRADE_FAQ} />

      {supportReachable && (
        <section className={panelStyles.panel} aria-labelledby="upgrade-support-title">
          <h2 id="upgrade-support-title">Need help?</h2>
          <SupportLinks config={config} chatVerb="Message" withWhatsapp />
        </section>
      )}
    </div>
  );
}
