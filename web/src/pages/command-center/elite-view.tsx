import type { TUser } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Activity, BarChart3, Crown, Gem, Layers, Radio, Users, Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { LatestSignals } from '../../components/dashboard/latest-signals.js';
import { NextSignalCountdown } from '../../components/dashboard/next-signal-countdown.js';
import { PerformanceSummary } from '../../components/dashboard/performance-summary.js';
import { YourTradesPanel } from '../../components/journal/your-trades-panel.js';
import { PlanEquityPanel } from '../../components/risk-plan/plan-equity-panel.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import commandCenterStyles from './command-center.module.css';
import { firstName } from './greeting.js';

const TILES = [
  { title: 'Alpha Mode', note: 'Unlimited live signals', to: '/dashboard/signals', icon: Zap },
  { title: 'Market Intel', note: 'Performance by pair', to: '/dashboard/signals', icon: BarChart3 },
  { title: 'Strategy Vault', note: 'Courses and sessions', to: '/dashboard/mentorship', icon: Layers },
  { title: 'Elite Network', note: 'Member community', to: '/dashboard/community', icon: Users },
] as const;

/** Gold members: 'Elite Node Active', quick links, the latest 5 real signals and four tiles. */
export function EliteView({ user }: { user: TUser }) {
  const mode = useLiveSignals((s) => s.mode);
  return (
    <div className={pageStyles.page} data-testid="elite-view">
      <header className={clsx(pageStyles.pageHead, pageStyles.pageHeadGold)}>
        <h1>
          <Crown aria-hidden="true" size={26} /> Elite Node Active
        </h1>
        <p className={pageStyles.muted}>Welcome, {firstName(user.fullName)}. Every signal, as it happens.</p>
        <div className={pageStyles.actions}>
          <Link to="/dashboard/signals" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}>
            <Activity aria-hidden="true" size={18} /> Neural Signals
          </Link>
          <Link to="/dashboard/platinum-stream" className={buttonStyles.btn}>
            <Radio aria-hidden="true" size={18} /> Platinum Stream
          </Link>
          <Link to="/dashboard/gold-room" className={buttonStyles.btn}>
            <Gem aria-hidden="true" size={18} /> Gold Room
          </Link>
        </div>
      </header>
      <div className={clsx(pageStyles.grid, pageStyles.grid2)}>
        <LatestSignals count={5} title="Latest signals" />
        <div className={pageStyles.stack}>
          <section className={panelStyles.panel}>
            <NextSignalCountdown />
          </section>
          <PerformanceSummary />
        </div>
      </div>
      <PlanEquityPanel />
      {/* The journal is the signal room's: open to the members whose room is. */}
      {mode === 'none' ? null : <YourTradesPanel />}
      <div className={clsx(pageStyles.grid, pageStyles.grid4)}>
        {TILES.map((tile) => (
          <Link key={tile.title} to={tile.to} className={clsx(panelStyles.panel, commandCenterStyles.tile)}>
            <tile.icon aria-hidden="true" size={22} />
            <span className={commandCenterStyles.tileTitle}>{tile.title}</span>
            <span className={pageStyles.muted}>{tile.note}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}
