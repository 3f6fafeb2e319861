import { isTrialRunning, type TUser } from '@signalroom/shared';
import { Activity, AlertTriangle, Copy, Crown, KeyRound, Radio, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PROOF_STEP_PATH } from '../../components/dashboard/activation-status.js';
import { formatZoneDateTime } from '../../components/dashboard/signal-format.js';
import { useNow } from '../../components/dashboard/use-now.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { ActivationProgress } from './activation-progress.js';
import { firstName } from './greeting.js';
import { AccessTierCards } from './tier-cards.js';

const LOCKED_TILES = [
  { title: 'Neural Signals', note: 'Live AI signals', icon: Activity },
  { title: 'Auto-Copy System', note: 'Silver+', icon: Copy },
  { title: 'Gold Room', note: '$500+', icon: Crown },
  { title: 'Elite Network', note: 'Member community', icon: Users },
] as const;

/**
 * The guest (or unknown tier) view: activation status, tiers, how it works and the activation protocol.
 * During the trial the signal feed is the delayed view (docs/decisions.md, "The trial: delayed signals");
 * after it, the spec's "inactive" wording is true again. The access code is the member's real one.
 */
export function ActivationView({ user }: { user: TUser }) {
  const trial = isTrialRunning(user, useNow(5000));
  const config = usePublicConfigStore((s) => s.config);
  const trialEnds = user.trialEndsAt
    ? formatZoneDateTime(user.trialEndsAt, config?.timeZone, config?.timeZoneLabel)
    : null;
  return (
    <div className="page" data-testid="activation-view">
      <header className="page__head">
        <h1>Welcome, {firstName(user.fullName)}</h1>
        <p className="muted">Your account is created. Activate it to start receiving AI signals live.</p>
        {trial ? (
          <p className="muted" data-testid="trial-note">
            Your trial runs until {trialEnds}: meanwhile the signal room shows each signal once its 5-minute window has
            closed, with its result. <Link to="/dashboard/signals">Open the delayed signal room</Link>
          </p>
        ) : user.trialEndsAt ? (
          <p className="muted" data-testid="trial-note">
            Your trial of delayed signals has ended. Activate your account to receive signals live.
          </p>
        ) : null}
      </header>

      <div className="grid grid-4 status-cards">
        <StatusCard icon={AlertTriangle} label="Status" value="Account activation pending" tone="warning" />
        <StatusCard icon={Radio} label="Signal feed" value={trial ? 'Delayed view (trial)' : '0 / day (inactive)'} />
        <StatusCard icon={ShieldCheck} label="Tier" value={trial ? 'Trial Member' : 'Trial ended'} />
        <StatusCard icon={KeyRound} label="Access code" value={user.admissionCode} testId="admission-code-card" />
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
          {LOCKED_TILES.map((tile) =>
            trial && tile.title === 'Neural Signals' ? (
              <Link key={tile.title} to="/dashboard/signals" className="panel tile">
                <tile.icon aria-hidden="true" size={22} />
                <span className="tile__title">{tile.title}</span>
                <span className="tile__note muted">Trial: delayed signals</span>
              </Link>
            ) : (
              <Link key={tile.title} to="/dashboard/upgrade" className="panel tile is-locked">
                <tile.icon aria-hidden="true" size={22} />
                <span className="tile__title">{tile.title}</span>
                <span className="tile__note muted">{tile.note}</span>
                <span className="tile__lock">Locked</span>
              </Link>
            ),
          )}
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
  testId,
}: {
  icon: typeof Activity;
  label: string;
  value: string;
  tone?: 'warning' | 'danger';
  testId?: string;
}) {
  return (
    <div className={`panel status-card${tone ? ` status-card--${tone}` : ''}`} data-testid={testId}>
      <Icon aria-hidden="true" size={20} />
      <span className="status-card__label">{label}</span>
      <span className="status-card__value">{value}</span>
    </div>
  );
}
