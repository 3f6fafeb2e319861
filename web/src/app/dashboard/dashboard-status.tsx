import type { TUser } from '@signalroom/shared';
import { ShieldCheck, TimerReset } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LiveBadge } from '../../components/dashboard/live-badge.js';
import { TrialCountdown } from '../../components/dashboard/trial-countdown.js';

/**
 * The header's status items: the live badge, the trial countdown while the dashboard is locked (never
 * for an admin, who has no trial) and the admin links. Shown in the header where it has room, and in
 * the menu on small screens so the header keeps one row.
 */
export function DashboardStatus({ user }: { user: TUser }) {
  const onTrial = !user.dashboardUnlocked && user.role !== 'admin';
  return (
    <>
      <LiveBadge />
      {onTrial && <TrialCountdown trialEndsAt={user.trialEndsAt} />}
      {user.role === 'admin' && (
        <Link to="/dashboard/admin/users" className="admin-link">
          <ShieldCheck aria-hidden="true" size={16} /> Admin
        </Link>
      )}
      {user.role === 'admin' && (
        <Link to="/dashboard/admin/offer" className="admin-link">
          <TimerReset aria-hidden="true" size={16} /> Offer timer
        </Link>
      )}
    </>
  );
}
