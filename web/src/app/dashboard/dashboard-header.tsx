import { isTrialRunning, type TUser } from '@signalroom/shared';
import { BadgeCheck, Menu, ShieldCheck, TimerReset } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FeedBadge } from '../../components/dashboard/feed-badge.js';
import { TierBadge } from '../../components/dashboard/tier-badge.js';
import { TrialCountdown } from '../../components/dashboard/trial-countdown.js';
import { useNow } from '../../components/dashboard/use-now.js';

interface HeaderProps {
  user: TUser;
  productName: string;
  menuOpen: boolean;
  onToggleMenu(): void;
  /** True when the stored user is shown because the server could not be reached. */
  offline: boolean;
}

/**
 * Top bar: menu toggle (small screens), logo, welcome, the feed badge (a live claim only while true),
 * trial countdown while locked, tier, avatar.
 */
export function DashboardHeader({ user, productName, menuOpen, onToggleMenu, offline }: HeaderProps) {
  const locked = !user.dashboardUnlocked;
  const trialEnded = !isTrialRunning(user, useNow(5000));
  return (
    <header className="dash-header">
      <button
        type="button"
        className="icon-btn dash-header__menu"
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="dashboard-sidebar"
        onClick={onToggleMenu}
      >
        <Menu aria-hidden="true" size={22} />
      </button>
      <Link to="/dashboard" className="dash-header__logo" aria-label={`${productName} Command Center`}>
        <span className="logo-mark" aria-hidden="true">
          {productName.slice(0, 1)}
        </span>
        <span className="dash-header__titles">
          <span className="dash-header__title">Command Center</span>
          <span className="dash-header__welcome">Welcome back, {user.fullName}</span>
        </span>
      </Link>
      <div className="dash-header__right">
        <FeedBadge />
        {offline && (
          <span className="offline-badge" role="status">
            Offline: showing saved account
          </span>
        )}
        {locked && <TrialCountdown trialEndsAt={user.trialEndsAt} />}
        <TierBadge tier={user.tier} trialEnded={trialEnded} />
        {user.role === 'admin' && (
          <Link to="/dashboard/admin/users" className="admin-link">
            <ShieldCheck aria-hidden="true" size={16} /> Admin
          </Link>
        )}
        {user.role === 'admin' && (
          <Link to="/dashboard/admin/activations" className="admin-link">
            <BadgeCheck aria-hidden="true" size={16} /> Activations
          </Link>
        )}
        {user.role === 'admin' && (
          <Link to="/dashboard/admin/offer" className="admin-link">
            <TimerReset aria-hidden="true" size={16} /> Offer timer
          </Link>
        )}
        <span className="avatar" aria-hidden="true" title={user.fullName}>
          {(user.fullName.trim()[0] ?? '?').toUpperCase()}
        </span>
      </div>
    </header>
  );
}
