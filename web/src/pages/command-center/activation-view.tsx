import { isTrialRunning, type TUser } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Activity, AlertTriangle, Copy, Crown, KeyRound, Radio, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useClock } from '../../components/clock/use-clock.js';
import { PROOF_STEP_PATH } from '../../components/dashboard/activation-status.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { formatZoneDateTime } from '../../components/dashboard/signal-format.js';
import { useNow } from '../../components/dashboard/use-now.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import { ActivationProgress } from './activation-progress.js';
import commandCenterStyles from './command-center.module.css';
import { firstName } from './greeting.js';
import { AccessTierCards } from './tier-cards.js';

const LOCKED_TILES = [
  { title: 'Neural Signals', note: 'Live momentum-model signals', icon: Activity },
  { title: 'Auto-Copy System', note: 'Silver+', icon: Copy },
  { title: 'Gold Room', note: '$500+', icon: Crown },
  { title: 'Elite Network', note: 'Member community', icon: Users },
] as const;

/**
 * The guest (or unknown tier) view: activation status, tiers, how it works and the activation protocol.
 * During the trial the signal feed is the delayed view (docs/decisions.md, "The trial: delayed signals");
 * after it, the "inactive" wording is true again. The access code is the member's real one.
 */
export function ActivationView({ user }: { user: TUser }) {
  const trial = isTrialRunning(user, useNow(5000));
  const { timeZone } = useClock();
  const trialEnds = user.trialEndsAt ? formatZoneDateTime(user.trialEndsAt, timeZone) : null;
  return (
    <div className={pageStyles.page} data-testid="activation-view">
      <header className={pageStyles.pageHead}>
        <h1>Welcome, {firstName(user.fullName)}</h1>
        <p className={pageStyles.muted}>Your account is created. Activate it to start receiving signals live.</p>
        {trial ? (
          <p className={pageStyles.muted} data-testid="trial-note">
            Your trial runs until {trialEnds}: meanwhile the signal room shows each signal once its 5-minute window has
            closed, with its result. <Link to="/dashboard/signals">Open the delayed signal room</Link>
          </p>
        ) : user.trialEndsAt ? (
          <p className={pageStyles.muted} data-testid="trial-note">
            Your trial of delayed signals has ended. Activate your account to receive signals live.
          </p>
        ) : null}
      </header>

      <div className={clsx(pageStyles.grid, pageStyles.grid4)}>
        <StatusCard icon={AlertTriangle} label="Status" value="Account activation pending" tone="warning" />
        <StatusCard icon={Radio} label="Signal feed" value={trial ? 'Delayed view (trial)' : '0 / day (inactive)'} />
        <StatusCard icon={ShieldCheck} label="Tier" value={trial ? 'Trial Member' : 'Trial ended'} />
        <StatusCard icon={KeyRound} label="Access code" value={user.admissionCode} testId="admission-code-card" />
      </div>

      <ActivationProgress />

      <AccessTierCards />

      <section className={panelStyles.panel} aria-labelledby="how-title">
        <h2 id="how-title">How It Works</h2>
        <ol className={pageStyles.stepsInline}>
          <li>Open a trading account with our partner broker. Your funds stay in your own account.</li>
          <li>Your tier follows the capital you trade with: no subscriptions.</li>
          <li>Once support has verified your deposit, your dashboard unlocks and signals start.</li>
        </ol>
      </section>

      <section className={panelStyles.panel} aria-labelledby="activation-title">
        <h2 id="activation-title">Activation Protocol</h2>
        <ol className={pageStyles.protocol}>
          <li>
            <strong>Create account with partner broker</strong>
            <span className={pageStyles.muted}>Register through the partner link in Account Setup.</span>
          </li>
          <li>
            <strong>Fund and deposit</strong>
            <span className={pageStyles.muted}>Deposit into your own broker account.</span>
          </li>
          <li>
            <strong>Verify and activate</strong>
            <span className={pageStyles.muted}>
              Upload your deposit proof; an admin checks it and unlocks your dashboard.
            </span>
          </li>
        </ol>
        <div className={pageStyles.actions}>
          <Link to="/dashboard/account-setup" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}>
            Start Activation
          </Link>
          <Link to={PROOF_STEP_PATH} className={buttonStyles.btn}>
            Submit Proof
          </Link>
        </div>
      </section>

      <section aria-labelledby="locked-tiles-title">
        <h2 id="locked-tiles-title" className={textStyles.srOnly}>
          Locked features
        </h2>
        <div className={clsx(pageStyles.grid, pageStyles.grid4)}>
          {LOCKED_TILES.map((tile) =>
            trial && tile.title === 'Neural Signals' ? (
              <Link
                key={tile.title}
                to="/dashboard/signals"
                className={clsx(panelStyles.panel, commandCenterStyles.tile)}
              >
                <tile.icon aria-hidden="true" size={22} />
                <span className={commandCenterStyles.tileTitle}>{tile.title}</span>
                <span className={pageStyles.muted}>Trial: delayed signals</span>
              </Link>
            ) : (
              <Link
                key={tile.title}
                to="/dashboard/upgrade"
                className={clsx(panelStyles.panel, commandCenterStyles.tile, commandCenterStyles.isLocked)}
              >
                <tile.icon aria-hidden="true" size={22} />
                <span className={commandCenterStyles.tileTitle}>{tile.title}</span>
                <span className={pageStyles.muted}>{tile.note}</span>
                <span className={commandCenterStyles.tileLock}>Locked</span>
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
    <div
      className={clsx(
        panelStyles.panel,
        commandCenterStyles.statusCard,
        tone && commandCenterStyles[`status-card--${tone}`],
      )}
      data-testid={testId}
    >
      <Icon aria-hidden="true" size={20} />
      <span className={commandCenterStyles.statusCardLabel}>{label}</span>
      <span className={commandCenterStyles.statusCardValue}>{value}</span>
    </div>
  );
}
