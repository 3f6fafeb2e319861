import type { TUser } from '@signalroom/shared';
import { Activity, AlertTriangle, Copy, Crown, Radio, ShieldCheck, Users, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PROOF_STEP_PATH } from '../../components/dashboard/activation-status.js';
import { ActivationProgress } from './activation-progress.js';
import { firstName } from './greeting.js';
import { AccessTierCards } from './tier-cards.js';

const LOCKED_TILES = [
  { title: 'Neural Signals', note: 'Live AI signals', icon: Activity },
  { title: 'Auto-Copy System', note: 'Silver+', icon: Copy },
  { title: 'Gold Room', note: '$500+', icon: Crown },
  { title: 'Elite Network', note: 'Member community', icon: Users },
] as const;

/** The guest (or unknown tier) view: activation status, tiers, how it works and the activation protocol. */
export function ActivationView({ user }: { user: TUser }) {
  return (
    <div className="page" data-testid="activation-view">
      <header className="page__head">
        <h1>Welcome, {firstName(user.fullName)}</h1>
        <p className="muted">Your account is created. Activate it to start receiving AI signals.</p>
      </header>

      <div className="grid grid-4 status-cards">
        <StatusCard icon={AlertTriangle} label="Status" value="Account activation pending" tone="warning" />
        <StatusCard icon={Radio} label="Signal feed" value="0 / day (inactive)" />
        <StatusCard icon={ShieldCheck} label="Tier" value="Trial Member" />
        <StatusCard icon={Wallet} label="Access code" value="ERR:001" tone="danger" />
      </div>

      <ActivationProgress />

      <AccessTierCards />

      <section className="panel" aria-labelledby="how-title">
        <h2 id="how-title">How It Works</h2>
        <ol className="steps-inline">
          <li>Open a trading account with our partner broker. Your funds stay in your own account.</li>
          <li>Your tier follows the capital you trade with: no subscriptions.</li>
          <li>Once support has verified your deposit, your dashboard unlocks and signals start.</li>
        </ol>
      </section>

      <section className="panel activation" aria-labelledby="activation-title">
        <h2 id="activation-title">Activation Protocol</h2>
        <ol className="protocol">
          <li>
            <strong>Create account with partner broker</strong>
            <span className="muted">Register through the partner link in Account Setup.</span>
          </li>
          <li>
            <strong>Fund and deposit</strong>
            <span className="muted">Deposit into your own broker account.</span>
          </li>
          <li>
            <strong>Verify and activate</strong>
            <span className="muted">Upload your deposit proof; an admin checks it and unlocks your dashboard.</span>
          </li>
        </ol>
        <div className="actions">
          <Link to="/dashboard/account-setup" className="btn btn-primary">
            Start Activation
          </Link>
          <Link to={PROOF_STEP_PATH} className="btn">
            Submit Proof
          </Link>
        </div>
      </section>

      <section aria-labelledby="locked-tiles-title">
        <h2 id="locked-tiles-title" className="sr-only">
          Locked features
        </h2>
        <div className="grid grid-4">
          {LOCKED_TILES.map((tile) => (
            <Link key={tile.title} to="/dashboard/upgrade" className="panel tile is-locked">
              <tile.icon aria-hidden="true" size={22} />
              <span className="tile__title">{tile.title}</span>
              <span className="tile__note muted">{tile.note}</span>
              <span className="tile__lock">Locked</span>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}

function StatusCard({
  icon: Icon,
  label,
  value,
  tone,
}: {
  icon: typeof Activity;
  label: string;
  value: string;
  tone?: 'warning' | 'danger';
}) {
  return (
    <div className={`panel status-card${tone ? ` status-card--${tone}` : ''}`}>
      <Icon aria-hidden="true" size={20} />
      <span className="status-card__label">{label}</span>
      <span className="status-card__value">{value}</span>
    </div>
  );
}
