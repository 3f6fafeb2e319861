import { Messages, pageLockReason, signalTierOf, type TLockedSignal, type TSignal } from '@signalroom/shared';
import { Activity, RefreshCw } from 'lucide-react';
import { NextSignalCountdown } from '../../components/dashboard/next-signal-countdown.js';
import { formatClock } from '../../components/dashboard/signal-format.js';
import { useNow } from '../../components/dashboard/use-now.js';
import { currentSignal } from '../../stores/live-signals.logic.js';
import { useLiveSignalsStore } from '../../stores/live-signals.store.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import { useTierLimits } from '../command-center/tier-cards.js';
import { CurrentSignalCard } from './current-signal-card.js';
import { SidePanels } from './side-panels.js';
import { LockedTeasers, PreviousSignals } from './signal-lists.js';
import { SignalRoomLocked } from './signal-room-locked.js';

/**
 * Elite Signal Room (/dashboard/signals): live for unlocked non-guest members and admins (in the gold
 * room's view, as the server sends it), a locked preview otherwise.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  const tier = signalTierOf(user);
  const lockReason = pageLockReason('signals', user);
  if (!tier || lockReason) return <SignalRoomLocked reason={lockReason ?? 'activation'} />;
  return <LiveSignalRoom tier={tier} />;
}

function LiveSignalRoom({ tier }: { tier: 'silver' | 'pro' | 'gold' }) {
  const now = useNow();
  const config = usePublicConfigStore((s) => s.config);
  const timeZone = config?.timeZone;
  const limit = useTierLimits()[tier];
  const signals = useLiveSignalsStore((s) => s.signals);
  const status = useLiveSignalsStore((s) => s.loadStatus);
  const loadError = useLiveSignalsStore((s) => s.loadError);
  const lastRefreshAt = useLiveSignalsStore((s) => s.lastRefreshAt);
  const transport = useLiveSignalsStore((s) => s.transport);
  const retry = useLiveSignalsStore((s) => s.retry);

  const current = currentSignal(signals);
  const full = signals.filter((s): s is TSignal => !s.locked);
  const previous = full.filter((s) => s.id !== current?.id);
  const teasers = signals.filter((s): s is TLockedSignal => s.locked);

  let main: React.ReactNode;
  if (status === 'error' && signals.length === 0) {
    // The spec shows a made-up fallback signal here; we never invent a signal (DECISIONS.md).
    main = (
      <div className="panel state state--error" role="alert" data-testid="signals-error">
        <h2>Signals could not be loaded</h2>
        <p className="muted">
          {loadError ?? 'The signal service did not answer.'} No signal is shown rather than a made-up one.
        </p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          <RefreshCw aria-hidden="true" size={18} /> Try again
        </button>
      </div>
    );
  } else if ((status === 'loading' || status === 'idle') && signals.length === 0) {
    main = (
      <div className="panel state" role="status">
        <span className="spinner" aria-hidden="true" /> Loading signals...
      </div>
    );
  } else if (signals.length === 0) {
    main = (
      // Named and focusable, so a keyboard user reaches the room's state, not only the sidebar.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a named region a keyboard must reach (it holds no control)
      <section className="panel state" data-testid="signals-empty" aria-labelledby="signals-empty-title" tabIndex={0}>
        <Activity aria-hidden="true" size={28} className="pulse" />
        <h2 id="signals-empty-title">{Messages.signals.initializing}</h2>
        <p className="muted">{Messages.signals.previousWillAppear}</p>
      </section>
    );
  } else {
    main = (
      <>
        {current ? (
          <CurrentSignalCard signal={current} now={now} timeZone={timeZone} />
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a named region a keyboard must reach (it holds no control)
          <section className="panel state" data-testid="no-current-signal" aria-label="Current signal" tabIndex={0}>
            <p>No signal is active right now. The next one arrives at the next 5-minute mark.</p>
          </section>
        )}
        <LockedTeasers teasers={teasers} limit={limit} timeZone={timeZone} />
        <PreviousSignals signals={previous} timeZone={timeZone} />
      </>
    );
  }

  return (
    <div className="page signal-room" data-testid="signal-room">
      <header className="page__head signal-room__head">
        <div>
          <h1>Elite Signal Room</h1>
          {config?.marketSource === 'simulated' && (
            <p className="notice notice--sim" data-testid="simulated-notice">
              Simulated market: signals are generated on a simulated price feed, not live market prices.
            </p>
          )}
        </div>
        <dl className="signal-room__meta">
          <div>
            <dt>{config?.timeZoneLabel ?? 'Local time'}</dt>
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
              {transport === 'push' ? 'Live' : transport === 'polling' ? 'Polling every 2 s' : 'Connecting'}
            </dd>
          </div>
        </dl>
      </header>
      <div className="signal-room__grid">
        <div className="stack">{main}</div>
        <SidePanels />
      </div>
    </div>
  );
}
