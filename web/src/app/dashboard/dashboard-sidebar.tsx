import { isFeatureLocked, Messages, PAGES, signalAccessMode, type TUser, trialStatus } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Lock, LogOut, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { tierLabel } from '../../components/dashboard/tier-badge.js';
import { useNow } from '../../components/dashboard/use-now.js';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import avatarStyles from './avatar.module.css';
import styles from './dashboard-sidebar.module.css';
import { DashboardStatus } from './dashboard-status.js';
import { NAV_ITEMS } from './nav-items.js';

interface SidebarProps {
  user: TUser;
  /** Beside the page (wide screens), or a modal menu behind the header's toggle (small screens). */
  wide: boolean;
  open: boolean;
  /** Closes the menu and gives focus back to the toggle. */
  onClose(): void;
  /** Closes the menu because one of its links was followed (focus goes to the page, not the toggle). */
  onNavigate(): void;
  onSignOut(): void;
  signingOut: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * The dashboard sidebar: ten items with icon, label and description; locked items are greyed with a lock,
 * say 'Upgrade to unlock this feature' on hover and focus, and lead to the Upgrade Portal. On small
 * screens it is a modal menu: focus moves in and stays in, the page behind is inert (the layout sets
 * that), it has one 'Close menu' control, and Escape closes it.
 */
export function DashboardSidebar({ user, wide, open, onClose, onNavigate, onSignOut, signingOut }: SidebarProps) {
  const navigate = useNavigate();
  const initial = (user.fullName.trim()[0] ?? '?').toUpperCase();
  const closeRef = useRef<HTMLButtonElement>(null);
  const modal = !wide;
  // The trial opens Neural Signals in the delayed view until trialEndsAt; re-read the clock for it.
  const now = useNow(5000);
  const delayed = signalAccessMode(user, now) === 'delayed';
  useEffect(() => {
    if (modal && open) closeRef.current?.focus();
  }, [modal, open]);

  // Tab and Shift+Tab wrap around inside the open menu instead of leaving for the browser's controls.
  function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const content = (
    <>
      {modal && (
        <div className={styles.sidebarTop}>
          <span className={styles.sidebarBrand} aria-hidden="true">
            Menu
          </span>
          <button
            ref={closeRef}
            type="button"
            className={buttonStyles.iconBtn}
            aria-label="Close menu"
            onClick={onClose}
          >
            <X aria-hidden="true" size={20} />
          </button>
        </div>
      )}
      {modal && (
        <div className={styles.sidebarStatus} data-testid="menu-status">
          <p className={styles.sidebarWelcome}>Welcome back, {user.fullName}</p>
          <div className={styles.sidebarBadges}>
            <DashboardStatus user={user} />
          </div>
        </div>
      )}
      <nav className={styles.sidebarNav} aria-label="Dashboard">
        <ul>
          {NAV_ITEMS.map((item) => {
            const locked = isFeatureLocked(item.feature, user, now);
            const trialNote = delayed && item.feature === 'signals';
            const Icon = item.icon;
            if (locked) {
              const tipId = `lock-tip-${item.feature}`;
              // The tip is the button's description only: outside the button (so it is not also part of
              // its name) and hidden from reading order (so it is not read a second time).
              return (
                <li key={item.feature} className={styles.navEntry}>
                  <button
                    type="button"
                    className={clsx(styles.navItem, styles[`nav-item--${item.variant}`], styles.isLocked)}
                    aria-describedby={tipId}
                    data-testid={`nav-${item.feature}`}
                    onClick={() => {
                      onNavigate();
                      navigate(PAGES.upgrade.path);
                    }}
                  >
                    <Icon aria-hidden="true" size={20} className={styles.navItemIcon} />
                    <span className={styles.navItemText}>
                      <span className={styles.navItemLabel}>{item.label}</span>
                      <span className={styles.navItemDesc}>{item.description}</span>
                    </span>
                    <Lock aria-hidden="true" size={16} className={styles.navItemLock} />
                    <span className={textStyles.srOnly}>, locked</span>
                  </button>
                  <span id={tipId} role="tooltip" aria-hidden="true" className={styles.navItemTip}>
                    {Messages.access.upgradeToUnlock}
                  </span>
                </li>
              );
            }
            return (
              <li key={item.feature} className={styles.navEntry}>
                <NavLink
                  to={item.to}
                  end={item.to === PAGES['command-center'].path}
                  className={({ isActive }) =>
                    clsx(styles.navItem, styles[`nav-item--${item.variant}`], isActive && styles.isActive)
                  }
                  data-testid={`nav-${item.feature}`}
                  onClick={onNavigate}
                >
                  <Icon aria-hidden="true" size={20} className={styles.navItemIcon} />
                  <span className={styles.navItemText}>
                    <span className={styles.navItemLabel}>{item.label}</span>
                    <span className={styles.navItemDesc}>
                      {trialNote ? 'Trial: delayed signals' : item.description}
                    </span>
                  </span>
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={styles.sidebarFooter} data-testid="sidebar-footer">
        <span className={avatarStyles.avatar} aria-hidden="true">
          {initial}
        </span>
        <div className={styles.sidebarWho}>
          <span className={styles.sidebarName}>{user.fullName}</span>
          <span className={styles.sidebarTier} data-testid="sidebar-tier">
            {tierLabel(user, trialStatus(user, now) === 'ended')}
          </span>
          {user.tier === 'guest' && user.role !== 'admin' && (
            <span className={styles.sidebarCode}>
              Access code: <code data-testid="admission-code">{user.admissionCode}</code>
            </span>
          )}
        </div>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnGhost, styles.sidebarSignout)}
          onClick={onSignOut}
          disabled={signingOut}
        >
          <LogOut aria-hidden="true" size={18} />
          Sign Out
        </button>
      </div>
    </>
  );

  if (!modal) {
    return (
      <aside id="dashboard-sidebar" className={styles.sidebar} aria-label="Dashboard sidebar">
        {content}
      </aside>
    );
  }
  return (
    <>
      {/* The backdrop is for pointers only: Escape and the Close menu button are the keyboard's way out. */}
      {open && <div className={styles.sidebarOverlay} aria-hidden="true" onClick={onClose} />}
      <div
        id="dashboard-sidebar"
        className={clsx(styles.sidebar, open && styles.isOpen)}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={keepFocusInside}
      >
        {content}
      </div>
    </>
  );
}
