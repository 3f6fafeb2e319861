import { PAGES, type TUser, trialStatus } from '@signalroom/shared';
import { BadgeCheck, Inbox, ScrollText, ShieldCheck, TimerReset } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FeedBadge, PriceSource } from '../../components/dashboard/feed-badge.js';
import { TierUntil } from '../../components/dashboard/tier-until.js';
import { TrialCountdown } from '../../components/dashboard/trial-countdown.js';
import { useNow } from '../../components/dashboard/use-now.js';
import styles from './dashboard-status.module.css';

/**
 * The header's status items: the feed badge (a live claim only while true) and the real feed's name,
 * the trial countdown for a member without live access (what the trial gives and when it ends, or that it has ended; never for an
 * admin, who has full access and no trial), the end of a timed tier ("Pro until …") and the admin links (the console itself as 'Admin', the rest by their navigation labels). Shown in the header where it has room,
 * and in the menu on small screens so the header keeps one row.
 */
export function DashboardStatus({ user }: { user: TUser }) {
  const trial = trialStatus(user, useNow(5000));
  return (
    <>
      <FeedBadge />
      <PriceSource />
      {trial !== null && <TrialCountdown trialEndsAt={user.trialEndsAt} />}
      {user.role !== 'admin' && <TierUntil user={user} />}
      {user.role === 'admin' && (
        <Link to={PAGES['admin-overview'].path} className={styles.adminLink}>
          <ShieldCheck aria-hidden="true" size={16} /> Admin
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to={PAGES['admin-activations'].path} className={styles.adminLink}>
          <BadgeCheck aria-hidden="true" size={16} /> {PAGES['admin-activations'].navLabel}
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to={PAGES['admin-support'].path} className={styles.adminLink}>
          <Inbox aria-hidden="true" size={16} /> {PAGES['admin-support'].navLabel}
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to={PAGES['admin-audit'].path} className={styles.adminLink}>
          <ScrollText aria-hidden="true" size={16} /> {PAGES['admin-audit'].navLabel}
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to={PAGES['admin-offer'].path} className={styles.adminLink}>
          <TimerReset aria-hidden="true" size={16} /> {PAGES['admin-offer'].navLabel}
        </Link>
      )}
    </>
  );
}
