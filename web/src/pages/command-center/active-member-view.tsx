import { dailyUsage, type TUser } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Crown, Gauge } from 'lucide-react';
import { Link } from 'react-router-dom';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { LatestSignals } from '../../components/dashboard/latest-signals.js';
import { NextSignalCountdown } from '../../components/dashboard/next-signal-countdown.js';
import { PerformanceSummary } from '../../components/dashboard/performance-summary.js';
import { useNow } from '../../components/dashboard/use-now.js';
import { YourTradesPanel } from '../../components/journal/your-trades-panel.js';
import { PlanEquityPanel } from '../../components/risk-plan/plan-equity-panel.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import { usePublicConfigStore, useTierLimits } from '../../stores/public-config.store.js';
import commandCenterStyles from './command-center.module.css';
import { firstName } from './greeting.js';

/** Silver and pro members: real usage today against the tier's limit, the latest real signals, upgrade to gold. */
export function ActiveMemberView({ user }: { user: TUser }) {
  const tier = user.tier === 'pro' ? 'pro' : 'silver';
  const limits = useTierLimits();
  const limit = limits[tier];
  const mode = useLiveSignals((s) => s.mode);
  const access = mode === 'full';
  const signals = useLiveSignals((s) => s.signals);
  const timeZone = usePublicConfigStore((s) => s.config?.timeZone) ?? 'UTC';
  const now = useNow(10_000);
  const usage = dailyUsage(signals, limit, now, timeZone);
  const percent = limit ? Math.min(100, Math.round((usage.receivedToday / limit) * 100)) : 0;

  return (
    <div className={pageStyles.page} data-testid="active-view">
      <header className={pageStyles.pageHead}>
        <h1>
          {tier.toUpperCase()} Node, {firstName(user.fullName)}
        </h1>
        <p className={pageStyles.muted}>
          {mode === 'full'
            ? 'Your signals arrive the moment they are issued.'
            : mode === 'delayed'
              ? 'Your dashboard is awaiting activation; meanwhile your trial shows each signal once its window has closed.'
              : 'Your dashboard is awaiting activation by support.'}{' '}
          <Link to="/dashboard/upgrade">Unlock Gold</Link>
        </p>
      </header>

      <div className={clsx(pageStyles.grid, pageStyles.grid2)}>
        <section className={panelStyles.panel} aria-labelledby="usage-title">
          <h2 id="usage-title">
            <Gauge aria-hidden="true" size={20} /> Signals today
          </h2>
          {access ? (
            <>
              <p className={commandCenterStyles.usageFigure} data-testid="usage-today">
                {usage.receivedToday} / {limit} received
              </p>
              <div
                className={pageStyles.bar}
                role="progressbar"
                aria-label="Daily signal allowance used"
                aria-valuemin={0}
                aria-valuemax={limit ?? 0}
                aria-valuenow={usage.receivedToday}
              >
                <span style={{ width: `${percent}%` }} />
              </div>
              <p className={clsx(pageStyles.muted, pageStyles.small)}>
                {usage.issuedToday} {usage.issuedToday === 1 ? 'signal' : 'signals'} issued today; your tier receives
                the first {limit} in full.
              </p>
            </>
          ) : (
            <p className={pageStyles.muted}>
              Your allowance is {limit} signals a day once your dashboard is activated.
            </p>
          )}
          <NextSignalCountdown />
        </section>
        <PerformanceSummary />
      </div>

      <LatestSignals count={3} title="Latest signals" />
      <PlanEquityPanel />
      {/* The journal is the signal room's: open to the members whose room is. */}
      {mode === 'none' ? null : <YourTradesPanel />}

      <section className={clsx(panelStyles.panel, commandCenterStyles.cta)} aria-labelledby="gold-cta-title">
        <Crown aria-hidden="true" size={28} />
        <div>
          <h2 id="gold-cta-title">Go Gold</h2>
          <p className={pageStyles.muted}>Unlimited signals, the Gold Room and the Platinum Stream.</p>
        </div>
        <Link to="/dashboard/upgrade" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}>
          Upgrade to Gold
        </Link>
      </section>
    </div>
  );
}
