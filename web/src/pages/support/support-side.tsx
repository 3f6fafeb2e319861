import { ACCESS_PATH_LABELS, type TUser, zoneShortName } from '@signalroom/shared';
import { Activity, Clock, ExternalLink, LifeBuoy, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ContactGate, useContactShown, useSupportReachable } from '../../components/contacts/operator-contact.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { SupportLinks } from '../../components/dashboard/support-links.js';
import { useFeedStatus } from '../../components/dashboard/use-feed-status.js';
import panelStyles from '../../components/ui/panel.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './support.module.css';
import { formatTicketTime } from './thread-messages.js';

/** Quick contact: the operator's real contacts only (placeholders are left out, or marked for admins). */
export function QuickContacts() {
  const config = usePublicConfigStore((s) => s.config);
  const reachable = useSupportReachable();
  const brokerShown = useContactShown('brokerRegistration');
  if (config && !reachable && !brokerShown) return null;
  return (
    <section className={panelStyles.panel} aria-labelledby="support-contact-title" data-testid="support-contacts">
      <h2 id="support-contact-title">
        <LifeBuoy aria-hidden="true" size={18} /> Quick contact
      </h2>
      <SupportLinks config={config} chatVerb="Chat with" withWhatsapp />
      {config && (
        <ContactGate contact="brokerRegistration">
          <p>
            <a href={config.brokerRegistrationUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" size={16} /> Broker registration
            </a>
          </p>
        </ContactGate>
      )}
    </section>
  );
}

/**
 * The hours the operator publishes (SUPPORT_HOURS). None set: members see no hours (no claim of a chat or a
 * phone line nobody staffs), and admins see that they are not configured.
 */
export function SupportHours() {
  const config = usePublicConfigStore((s) => s.config);
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  if (!config || (config.supportHours.length === 0 && !isAdmin)) return null;
  return (
    <section className={panelStyles.panel} aria-labelledby="support-hours-title" data-testid="support-hours">
      <h2 id="support-hours-title">
        <Clock aria-hidden="true" size={18} /> Support hours
      </h2>
      {config.supportHours.length === 0 ? (
        <p className={pageStyles.muted} data-testid="support-hours-missing">
          Support hours: not configured. Members see no hours until they are set on Settings.
        </p>
      ) : (
        <>
          <dl className={pageStyles.kv}>
            {config.supportHours.map((h) => (
              <div key={h.channel}>
                <dt>{h.channel}</dt>
                <dd>{h.hours}</dd>
              </div>
            ))}
          </dl>
          {/* The operator writes the hours as free text in the business's own clock: say which clock. */}
          <p className={pageStyles.small} data-testid="support-hours-zone">
            Hours in the business's time zone: {config.timeZone} ({zoneShortName(new Date(), config.timeZone)}).
          </p>
        </>
      )}
    </section>
  );
}

export function AccountSummary({ user }: { user: TUser }) {
  return (
    <section className={panelStyles.panel} aria-labelledby="support-account-title" data-testid="support-account">
      <h2 id="support-account-title">
        <UserRound aria-hidden="true" size={18} /> Your account
      </h2>
      <dl className={pageStyles.kv}>
        <div>
          <dt>User ID</dt>
          <dd className={styles.breakable}>{user.id}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd className={styles.wrapAnywhere}>{user.email}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{user.dashboardUnlocked ? 'Active' : 'Pending'}</dd>
        </div>
        <div>
          <dt>Access path</dt>
          <dd>{user.accessPath ? ACCESS_PATH_LABELS[user.accessPath] : 'Not Selected'}</dd>
        </div>
      </dl>
    </section>
  );
}

const FEED_LABELS = {
  live: 'Live: signals are arriving on schedule',
  simulated: 'Running on the simulated market (not live prices)',
  quiet: 'No recent signal',
  unknown: 'Checking',
} as const;

/**
 * What is true about the service right now: the feed's state (the same rule as the header badge) and
 * when the last signal was issued, read from the platform's public figures. Never a made-up claim.
 */
export function SystemStatus() {
  const feed = useFeedStatus();
  const [last, setLast] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; at: string | null }
  >({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    void api.signals.publicStats().then((result) => {
      if (cancelled) return;
      setLast(result.ok ? { status: 'ready', at: result.data.lastSignalAt } : { status: 'error' });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  let lastText = 'Checking';
  if (last.status === 'error') lastText = 'Could not be checked right now';
  else if (last.status === 'ready') lastText = last.at ? formatTicketTime(last.at) : 'No signal issued yet';
  return (
    <section className={panelStyles.panel} aria-labelledby="support-status-title" data-testid="system-status">
      <h2 id="support-status-title">
        <Activity aria-hidden="true" size={18} /> System status
      </h2>
      <dl className={pageStyles.kv}>
        <div>
          <dt>Signal feed</dt>
          <dd data-testid="status-feed">{FEED_LABELS[feed]}</dd>
        </div>
        <div>
          <dt>Last signal</dt>
          <dd data-testid="status-last-signal">
            {last.status === 'ready' && last.at ? <time dateTime={last.at}>{lastText}</time> : lastText}
          </dd>
        </div>
      </dl>
    </section>
  );
}
