import { TIER_MIN_DEPOSIT_USD } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Crown, Gem, Star } from 'lucide-react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useTierLimits } from '../../stores/public-config.store.js';
import tierCardStyles from './tier-cards.module.css';

/** 'AI Access Tiers': Silver $20+, Pro $100+, Gold $500+ with their daily signal allowance. */
export function AccessTierCards() {
  const limits = useTierLimits();
  const tiers = [
    { key: 'silver', name: 'Silver Node', icon: Star, min: TIER_MIN_DEPOSIT_USD.silver, limit: limits.silver },
    { key: 'pro', name: 'Pro Node', icon: Gem, min: TIER_MIN_DEPOSIT_USD.pro, limit: limits.pro },
    { key: 'gold', name: 'Gold Node', icon: Crown, min: TIER_MIN_DEPOSIT_USD.gold, limit: limits.gold },
  ] as const;
  return (
    <section aria-labelledby="tiers-title">
      <h2 id="tiers-title">AI Access Tiers</h2>
      <div className={clsx(pageStyles.grid, pageStyles.grid3)}>
        {tiers.map((tier) => (
          <article
            key={tier.key}
            className={clsx(panelStyles.panel, tierCardStyles.tierCard, tierCardStyles[`tier-card--${tier.key}`])}
          >
            <tier.icon aria-hidden="true" size={24} />
            <h3>{tier.name}</h3>
            <p className={tierCardStyles.tierCardMin}>${tier.min}+</p>
            <p className={pageStyles.muted}>
              {tier.limit === null ? 'Unlimited signals' : `${tier.limit} signals / day`}
            </p>
          </article>
        ))}
      </div>
    </section>
  );
}
