import { describeOfferWindow, type TCountdownConfig, type TUser, zoneShortName } from '@signalroom/shared';
import { clsx } from 'clsx';
import { CheckCircle2, Clock, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import type { FailureStatus } from '../../api/client.js';
import { useClock } from '../../components/clock/use-clock.js';
import { UnconfiguredContactsNotice } from '../../components/contacts/operator-contact.js';
import { AdminNav } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { pollOfferCountdown, useOfferCountdown } from '../../stores/offer-countdown.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './admin-offer.module.css';
import { formatDeadline } from './deadline-format.js';
import { OfferWindowFormPanel } from './offer-window-form.js';

/**
 * Offer countdown (/dashboard/admin/offer): the deadline every visitor counts down to (landing page and
 * bot-access banner), the time left, and a form to start a new window (docs/decisions.md, "Honest by construction": a
 * real deadline set by an admin; at zero the offer shows as ended and nothing restarts it by itself). Only admins see it;
 * the server refuses the config and reset calls to anyone else.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return <AdminOffer self={user} />;
}

type Load =
  | { status: 'loading' }
  | { status: 'ready'; config: TCountdownConfig }
  | { status: 'error'; message: string };

function AdminOffer({ self }: { self: TUser }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [forbidden, setForbidden] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [durationError, setDurationError] = useState<string | null>(null);
  // The same public countdown visitors see (pushed over the socket, counted here from the server clock), so "time left" is theirs to the second.
  const live = useOfferCountdown();
  // The admin's own zone (the one clock), with UTC beside it.
  const { timeZone } = useClock();
  const zoneLabel = `Your time (${zoneShortName(new Date(), timeZone)})`;

  const refuse = useCallback((status: FailureStatus, message: string) => {
    // A dead session is handled once for every call (api/client.ts).
    if (status === 'unauthorized') return;
    if (status === 'forbidden') setForbidden(true);
    else setAlert(message);
  }, []);

  const reload = useCallback(async () => {
    setLoad({ status: 'loading' });
    const result = await api.countdown.config();
    if (result.ok) setLoad({ status: 'ready', config: result.data });
    else {
      setLoad({ status: 'error', message: result.message });
      refuse(result.status, result.message);
    }
  }, [refuse]);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function reset(durationMinutes: number): Promise<boolean> {
    setBusy(true);
    setAlert(null);
    setNotice('');
    setDurationError(null);
    const result = await api.countdown.reset({ body: { durationMinutes } });
    setBusy(false);
    if (result.ok) {
      setLoad({ status: 'ready', config: result.data });
      const at = result.data.deadline ? formatDeadline(result.data.deadline, timeZone) : 'none';
      setNotice(`New deadline set: ${at} (${zoneLabel}), ${describeOfferWindow(durationMinutes)} from now.`);
      void pollOfferCountdown();
      return true;
    }
    setDurationError(result.fields.durationMinutes ?? null);
    refuse(result.status, result.message);
    return false;
  }

  if (forbidden) return <AdminsOnly />;

  return (
    <div className={clsx(pageStyles.page, styles.adminOffer)} data-testid="admin-offer">
      <header className={pageStyles.pageHead}>
        <h1>
          <Clock aria-hidden="true" size={26} /> Offer countdown
        </h1>
        <p className={pageStyles.muted}>
          The deadline of the launch offer on the landing page and the bot-access banner. At zero the offer shows as
          ended; nothing restarts it by itself.
        </p>
      </header>
      <AdminNav />

      <UnconfiguredContactsNotice />

      {/* Always in the page, so assistive technology announces a message as soon as it appears. */}
      <div role="alert" className={styles.offerMessageRegion} data-testid="offer-alert">
        {alert && <p className={clsx(styles.offerMessage, styles.offerMessageError)}>{alert}</p>}
      </div>
      <div role="status" className={styles.offerMessageRegion} data-testid="offer-notice">
        {notice && (
          <p className={clsx(styles.offerMessage, styles.offerMessageSuccess)}>
            <CheckCircle2 aria-hidden="true" size={18} /> {notice}
          </p>
        )}
      </div>

      <section
        className={clsx(panelStyles.panel, styles.offerCurrent)}
        aria-labelledby="offer-current-title"
        aria-busy={load.status === 'loading'}
      >
        <div className={pageStyles.panelHead}>
          <h2 id="offer-current-title">Current deadline</h2>
          {live.status !== 'loading' && (
            <span
              className={clsx(styles.offerStatus, live.ended ? styles.isEnded : styles.isRunning)}
              data-testid="offer-status"
            >
              {live.ended ? 'Ended' : 'Running'}
            </span>
          )}
        </div>
        <CurrentDeadline
          load={load}
          self={self}
          timeZone={timeZone}
          zoneLabel={zoneLabel}
          onRetry={() => {
            setAlert(null);
            void reload();
          }}
        />
        <div className={styles.offerTimeLeft}>
          <span className={clsx(pageStyles.muted, pageStyles.small)}>Time left</span>
          <span className={styles.offerTimeLeftValue} data-testid="offer-time-left" aria-live="off">
            {live.status === 'unavailable' ? 'Unavailable' : live.ended ? 'Ended' : (live.text ?? '--:--:--')}
          </span>
          {live.status === 'offline' && (
            <span className={clsx(pageStyles.muted, pageStyles.small)}>
              Connection lost: counting down from the last known deadline.
            </span>
          )}
        </div>
      </section>

      {load.status === 'ready' && (
        <OfferWindowFormPanel
          defaultMinutes={load.config.windowMinutes}
          busy={busy}
          serverError={durationError}
          onReset={reset}
        />
      )}
    </div>
  );
}

function CurrentDeadline({
  load,
  self,
  timeZone,
  zoneLabel,
  onRetry,
}: {
  load: Load;
  self: TUser;
  timeZone: string;
  zoneLabel: string;
  onRetry(): void;
}) {
  if (load.status === 'loading') {
    return (
      <div
        className={pageStyles.skeletonRoom}
        role="status"
        aria-label="Loading the deadline"
        data-testid="offer-loading"
      >
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className={clsx(pageStyles.state, pageStyles.stateError)} data-testid="offer-load-error">
        <p>The deadline could not be loaded.</p>
        <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={onRetry}>
          <RefreshCw aria-hidden="true" size={18} /> Try again
        </button>
      </div>
    );
  }
  const { config } = load;
  const setBy =
    config.updatedBy === null
      ? 'automatically at first start'
      : config.updatedBy === self.id
        ? 'by you'
        : 'by an admin';
  return (
    <dl className={clsx(pageStyles.kv, styles.offerCurrentFacts)}>
      {config.deadline ? (
        <>
          <div>
            <dt>{zoneLabel}</dt>
            <dd>
              <time dateTime={config.deadline} data-testid="offer-deadline-local">
                {formatDeadline(config.deadline, timeZone)}
              </time>
            </dd>
          </div>
          <div>
            <dt>UTC</dt>
            <dd>
              <time dateTime={config.deadline} data-testid="offer-deadline-utc">
                {formatDeadline(config.deadline, 'UTC')}
              </time>
            </dd>
          </div>
        </>
      ) : (
        <div>
          <dt>Deadline</dt>
          <dd data-testid="offer-deadline-local">No deadline is set.</dd>
        </div>
      )}
      <div>
        <dt>Last set</dt>
        <dd>
          {formatDeadline(config.updatedAt, timeZone)} {setBy}
        </dd>
      </div>
      <div>
        <dt>Default window</dt>
        <dd>{describeOfferWindow(config.windowMinutes)}</dd>
      </div>
    </dl>
  );
}
