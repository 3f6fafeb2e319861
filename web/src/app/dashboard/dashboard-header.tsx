import { type TUser, trialStatus } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Menu } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { NotificationBell } from '../../components/dashboard/notification-bell.js';
import { TierBadge } from '../../components/dashboard/tier-badge.js';
import { useNow } from '../../components/dashboard/use-now.js';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import avatarStyles from './avatar.module.css';
import styles from './dashboard-header.module.css';
import { DashboardStatus } from './dashboard-status.js';

interface HeaderProps {
  user: TUser;
  productName: string;
  /** The page's own title (from the route map in nav-items.ts). */
  pageTitle: string;
  /** Room for everything: otherwise one row (menu toggle, logo, title, tier, avatar), the rest in the menu. */
  wide: boolean;
  menuOpen: boolean;
  onToggleMenu(): void;
  toggleRef: Ref<HTMLButtonElement>;
  /** True when the stored user is shown because the server could not be reached. */
  offline: boolean;
}

/**
 * Top bar: menu toggle (small screens), logo, the page's title, welcome, status badges (the feed badge,
 * the trial countdown, admin links), the notifications bell, tier badge and avatar. The logo link is named by hidden text, as
 * its only visible content is the logo mark.
 */
export function DashboardHeader(props: HeaderProps) {
  const { user, productName, pageTitle, wide, menuOpen, onToggleMenu, toggleRef, offline } = props;
  const trialEnded = trialStatus(user, useNow(5000)) === 'ended';
  return (
    <header className={styles.dashHeader}>
      {!wide && (
        <button
          ref={toggleRef}
          type="button"
          className={buttonStyles.iconBtn}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="dashboard-sidebar"
          aria-haspopup="dialog"
          onClick={onToggleMenu}
        >
          <Menu aria-hidden="true" size={22} />
        </button>
      )}
      <Link to="/dashboard" className={styles.dashHeaderLogo}>
        <span className={styles.logoMark} aria-hidden="true">
          {productName.slice(0, 1)}
        </span>
        <span className={textStyles.srOnly}>{productName} Command Center</span>
      </Link>
      <div className={styles.dashHeaderTitles}>
        <p className={styles.dashHeaderTitle} data-testid="header-title">
          {pageTitle}
        </p>
        {wide && <p className={styles.dashHeaderWelcome}>Welcome back, {user.fullName}</p>}
      </div>
      <div className={styles.dashHeaderRight}>
        {wide && <DashboardStatus user={user} />}
        {offline && (
          <span className={styles.offlineBadge} role="status">
            Offline: showing saved account
          </span>
        )}
        <NotificationBell />
        <TierBadge user={user} trialEnded={trialEnded} />
        <span className={clsx(avatarStyles.avatar, styles.headerAvatar)} aria-hidden="true" title={user.fullName}>
          {(user.fullName.trim()[0] ?? '?').toUpperCase()}
        </span>
      </div>
    </header>
  );
}
