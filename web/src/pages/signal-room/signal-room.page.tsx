import {
  allowancePlaceLabel,
  allowanceSentence,
  Messages,
  pageLockReason,
  signalTierOf,
  type TLockedSignal,
  type TSignal,
  zoneShortName,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Activity, Lock, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FirstSignalNotice } from '../../components/dashboard/first-signal-notice.js';
import { NextSignalCountdown } from '../../components/dashboard/next-signal-countdown.js';
import { formatClock } from '../../components/dashboard/signal-format.js';
import { useNow } from '../../components/dashboard/use-now.js';
import { useRiskPlan } from '../../components/risk-plan/use-risk-plan.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import { useJournalStore } from '../../stores/journal.store.js';
import { useLiveSignals } from '../../stores/live-signals.context.js';
import { activeLockedSignal, currentSignal } from '../../stores/live-signals.logic.js';
import { useMarketStatus } from '../../stores/market-status.store.js';
import { usePublicConfigStore, useTierLimits } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import { CurrentSignalCard } from './current-signal-card.js';
import { RiskPlanPanel } from './risk-plan-panel.js';
import { SidePanels } from './side-panels.js';
import { LockedTeasers, PreviousSignals } from './signal-lists.js';
import styles from './signal-room.module.css';
import { SignalRoomLocked } from './signal-room-locked.js';
import { TrialBanner } from './trial-banner.js';

/** A panel that shows the room's state (loading, empty, no current signal). */
const statePanel = clsx(panelStyles.panel, pageStyles.state);

/**
 * Elite Signal Room (/dashboard/signals): live for unlocked non-guest members and admins (admins in the
 * gold room's view, as the server sends it); in the trial, the delayed view (each signal once its
 * primary window has closed); a locked preview otherwise, which says what is missing (activation, or
 * that the trial has ended), by the shared lock rule.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const now = useNow();
  if (!user) return null;
  const lockReason = pageLockReason('signals', user, now);
  if (lockReason) return <SignalRoomLocked reason={lockReason} />;
  const tier = signalTierOf(user);
  // Open without a live tier is the trial's delayed view (the same shared rule decides both).
  return tier ? <SignalRoom tier={tier} /> : <SignalRoom delayed trialEndsAt={user.trialEndsAt ?? null} />;
}

type RoomProps =
  | { delayed: true; trialEndsAt: string | null; tier?: undefined }
  | { delayed?: false; tier: 'silver' | 'pro' | 'gold' };

function SignalRoom(props: RoomProps) {
  const now = useNow();
  const delayed = props.delayed === true;
  const config = usePublicConfigStore((s) => s.config);
  const { timeZone } = useClock();
  const limits = useTierLimits();
  const limit = props.tier ? limits[props.tier] : null;
  const signals = useLiveSignals((s) => s.signals);
  const status = useLiveSignals((s) => s.loadStatus);
  const loadError = useLiveSignals((s) => s.loadError);
  const lastRefreshAt = useLiveSignals((s) => s.lastRefreshAt);
  const transport = useLiveSignals((s) => s.transport);
  const retry = useLiveSignals((s) => s.retry);
  const market = useMarketStatus();

  // The delayed view never has a current signal: by the time one shows, its window has closed.
  const current = delayed ? null : currentSignal(signals);
  // Past the day's allowance the active signal reaches this member locked: the room says so, not "none".
  const lockedNow = delayed || current ? null : activeLockedSignal(signals, now.getTime());
  const full = signals.filter((s): s is TSignal => !s.locked);
  const previous = full.filter((s) => s.id !== current?.id);
  const teasers = signals.filter((s): s is TLockedSignal => s.locked);
  // The day under the plan moves only when a signal resolves: read it again then.
  const resolved = full
    .filter((s) => s.outcome !== null)
    .map((s) => s.id)
    .join();
  const risk = useRiskPlan(resolved);
  // The journal's badges on the signals: read once on entering the room (the member's own writes update it).
  const loadJournal = useJournalStore((s) => s.load);
  useEffect(() => {
    void loadJournal();
  }, [loadJournal]);
  const riskPlan = risk.standing?.withheld ? null : (risk.standing?.plan ?? null);
  const planStopped = risk.standing?.today?.stopped ?? false;

  // The member's plan sits right under the current signal it sizes (below the room's state otherwise).
  const riskPanel = delayed ? null : (
    <RiskPlanPanel
      standing={risk.standing}
      loadState={risk.loadState}
      message={risk.message}
      onRetry={() => void risk.load()}
    />
  );
  let placedRiskPanel = false;
  let main: React.ReactNode;
  if (status === 'error' && signals.length === 0) {
    // No made-up fallback signal here: we never invent a signal (docs/decisions.md, "Honest by construction").
    main = (
      <div
        className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)}
        role="alert"
        data-testid="signals-error"
      >
        <h2>Signals could not be loaded</h2>
        <p className={pageStyles.muted}>
          {loadError ?? 'The signal service did not answer.'} No signal is shown rather than a made-up one.
        </p>
        <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={retry}>
          <RefreshCw aria-hidden="true" size={18} /> Try again
        </button>
      </div>
    );
  } else if ((status === 'loading' || status === 'idle') && signals.length === 0) {
    main = (
      <div className={statePanel} role="status">
        <span className={textStyles.spinner} aria-hidden="true" /> Loading signals...
      </div>
    );
  } else if (signals.length === 0) {
    main = (
      // Named and focusable, so a keyboard user reaches the room's state, not only the sidebar.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a named region a keyboard must reach (it holds no control)
      <section className={statePanel} data-testid="signals-empty" aria-labelledby="signals-empty-title" tabIndex={0}>
        <Activity aria-hidden="true" size={28} className={pageStyles.pulse} />
        <h2 id="signals-empty-title">{Messages.signals.initializing}</h2>
        <FirstSignalNotice delayed={delayed} />
        <p className={pageStyles.muted}>{Messages.signals.previousWillAppear}</p>
      </section>
    );
  } else {
    placedRiskPanel = true;
    main = (
      <>
        {delayed ? null : current ? (
          <CurrentSignalCard
            signal={current}
            now={now}
            timeZone={timeZone}
            riskPlan={riskPlan}
            planStopped={planStopped}
          />
        ) : lockedNow ? (
          // Named, and reached by the keyboard through its link.
          <section className={statePanel} data-testid="locked-current-signal" aria-label="Current signal">
            <p>
              <Lock aria-hidden="true" size={16} /> Signal #{lockedNow.daySequence} today is active now, until{' '}
              {formatClock(lockedNow.expiresAt, timeZone, false)}
              {allowancePlaceLabel(lockedNow) ? ` (${allowancePlaceLabel(lockedNow)})` : ''}.{' '}
              {allowanceSentence(limit, [lockedNow.allowance?.pool])} This one is past it, so it is locked.{' '}
              <Link to="/dashboard/upgrade">Upgrade to unlock it</Link>
            </p>
          </section>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a named region a keyboard must reach (it holds no control)
          <section className={statePanel} data-testid="no-current-signal" aria-label="Current signal" tabIndex={0}>
            <p>
              {market && !market.open
                ? 'No signal is active right now: the market is closed.'
                : 'No signal is active right now. The next one arrives at the next 5-minute mark.'}
            </p>
          </section>
        )}
        {riskPanel}
        <LockedTeasers teasers={teasers} limit={limit} timeZone={timeZone} />
        <PreviousSignals
          signals={previous}
          timeZone={timeZone}
          title={delayed ? 'Delayed signals' : 'Previous signals'}
        />
      </>
    );
  }

  return (
    <div className={pageStyles.page} data-testid="signal-room">
      <header className={clsx(pageStyles.pageHead, styles.signalRoomHead)}>
        <div>
          <h1>Elite Signal Room</h1>
          {config?.marketSource === 'simulated' && (
            <p className={clsx(pageStyles.notice, pageStyles.noticeSim)} data-testid="simulated-notice">
              SIMULATED MARKET: signals are generated on a simulated price feed, not live market prices.
            </p>
          )}
          {config && config.marketSource !== 'simulated' && (
            <p className={pageStyles.notice} data-testid="price-source-notice">
              Prices: {config.marketLabel}. Signals are issued and resolved at this provider's prices.
            </p>
          )}
          {props.delayed && <TrialBanner trialEndsAt={props.trialEndsAt} now={now} />}
        </div>
        <dl className={styles.signalRoomMeta}>
          <div>
            <dt>Your time ({zoneShortName(now, timeZone)})</dt>
            <dd data-testid="operator-clock">{formatClock(now, timeZone)}</dd>
          </div>
          <div>
            <dt>Last refresh</dt>
            <dd>{lastRefreshAt ? formatClock(lastRefreshAt, timeZone) : '–'}</dd>
          </div>
          <div>
            <dt>Next signal</dt>
            <dd>
              <NextSignalCountdown label="" />
            </dd>
          </div>
          <div>
            <dt>Feed</dt>
            <dd data-testid="transport">
              {transport === 'push'
                ? delayed
                  ? 'Connected (delayed view)'
                  : 'Live'
                : transport === 'polling'
                  ? 'Polling every 2 s'
                  : 'Connecting'}
            </dd>
          </div>
        </dl>
      </header>
      <div className={styles.signalRoomGrid}>
        <div className={pageStyles.stack} data-testid="signal-room-main">
          {main}
          {!placedRiskPanel && riskPanel}
        </div>
        <SidePanels />
      </div>
    </div>
  );
}
