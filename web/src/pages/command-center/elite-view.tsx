import type { TUser } from '@signalroom/shared';
import { Activity, BarChart3, Crown, Gem, Layers, Radio, Users, Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LatestSignals } from '../../components/dashboard/latest-signals.js';
import { NextSignalCountdown } from '../../components/dashboard/next-signal-countdown.js';
import { PerformanceSummary } from '../../components/dashboard/performance-summary.js';
import { firstName } from './greeting.js';

const TILES = [
  { title: 'Alpha Mode', note: 'Unlimited live signals', to: '/dashboard/signals', icon: Zap },
  { title: 'Market Intel', note: 'Performance by pair', to: '/dashboard/signals', icon: BarChart3 },
  { title: 'Strategy Vault', note: 'Courses and sessions', to: '/dashboard/mentorship', icon: Layers },
  { title: 'Elite Network', note: 'Member community', to: '/dashboard/community', icon: Users },
] as const;

/** Gold members: 'Elite Node Active', quick links, the latest 5 real signals and four tiles. */
export function EliteView({ user }: { user: TUser }) {
  return (
    <div className="page" data-testid="elite-view">
      <header className="page__head page__head--gold">
        <h1>
          <Crown aria-hidden="true" size={26} /> Elite Node Active
        </h1>
        <p className="muted">Welcome, {firstName(user.fullName)}. Every signal, as it happens.</p>
        <div className="actions">
          <Link to="/dashboard/signals" className="btn btn-primary">
            <Activity aria-hidden="true" size={18} /> Neural Signals
          </Link>
          <Link to="/dashboard/platinum-stream" className="btn">
            <Radio aria-hidden="true" size={18} /> Platinum Stream
          </Link>
          <Link to="/dashboard/gold-room" className="btn">
            <Gem aria-hidden="true" size={18} /> Gold Room
          </Link>
        </div>
      </header>
      <div className="grid grid-2">
        <LatestSignals count={5} title="Latest signals" />
        <div className="stack">
          <section className="panel">
            <NextSignalCountdown />
          </section>
          <PerformanceSummary />
        </div>
      </div>
      <div className="grid grid-4">
        {TILES.map((tile) => (
          <Link key={tile.title} to={tile.to} className="panel tile">
            <tile.icon aria-hidden="true" size={22} />
            <span className="tile__title">{tile.title}</span>
            <span className="tile__note muted">{tile.note}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}
