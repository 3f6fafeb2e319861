import { type TUser, trialStatus } from '@signalroom/shared';
import { BadgeCheck, Inbox, PenLine, ScrollText, ShieldCheck, TimerReset } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FeedBadge, PriceSource } from '../../components/dashboard/feed-badge.js';
import { TierUntil } from '../../components/dashboard/tier-until.js';
import { TrialCountdown } from '../../components/dashboard/trial-countdown.js';
import { useNow } from '../../components/dashboard/use-now.js';
import styles from './dashboard-status.module.css';

/**
 * The header's status items: the feed badge (a live claim only while true) and the real feed's name,
 * the trial countdown for a member without live access (what the trial gives and when it ends, or that it has ended; never for an
 * admin, who has full access and no trial), the end of a timed tier ("Pro until …"), the desk link for analysts and admins, and the admin links. Shown in the header where it has room,
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
      {(user.role === 'analyst' || user.role === 'admin') && (
        <Link to="/dashboard/desk" className={styles.adminLink} data-testid="desk-link">
          <PenLine aria-hidden="true" size={16} /> Desk
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to="/dashboard/admin" className={styles.adminLink}>
          <ShieldCheck aria-hidden="true" size={16} /> Admin
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to="/dashboard/admin/activations" className={styles.adminLink}>
          <BadgeCheck aria-hidden="true" size={16} /> Activations
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to="/dashboard/admin/support" className={styles.adminLink}>
          <Inbox aria-hidden="true" size={16} /> Inbox
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to="/dashboard/admin/audit" className={styles.adminLink}>
          <ScrollText aria-hidden="true" size={16} /> Audit
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to="/dashboard/admin/offer" className={styles.adminLink}>
          <TimerReset aria-hidden="true" size={16} /> Offer timer
        </Link>
      )}
    </>
  );
}
