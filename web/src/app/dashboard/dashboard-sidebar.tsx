import { isFeatureLocked, Messages, signalAccessMode, type TUser, trialStatus } from '@signalroom/shared';
import { Lock, LogOut, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { tierLabel } from '../../components/dashboard/tier-badge.js';
import { useNow } from '../../components/dashboard/use-now.js';
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
        <div className="sidebar__top">
          <span className="sidebar__brand" aria-hidden="true">
            Menu
          </span>
          <button
            ref={closeRef}
            type="button"
            className="icon-btn sidebar__close"
            aria-label="Close menu"
            onClick={onClose}
          >
            <X aria-hidden="true" size={20} />
          </button>
        </div>
      )}
      {modal && (
        <div className="sidebar__status" data-testid="menu-status">
          <p className="sidebar__welcome">Welcome back, {user.fullName}</p>
          <div className="sidebar__badges">
            <DashboardStatus user={user} />
          </div>
        </div>
      )}
      <nav className="sidebar__nav" aria-label="Dashboard">
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
                <li key={item.feature} className="nav-entry">
                  <button
                    type="button"
                    className={`nav-item nav-item--${item.variant} is-locked`}
                    aria-describedby={tipId}
                    data-testid={`nav-${item.feature}`}
                    onClick={() => {
                      onNavigate();
                      navigate('/dashboard/upgrade');
                    }}
                  >
                    <Icon aria-hidden="true" size={20} className="nav-item__icon" />
                    <span className="nav-item__text">
                      <span className="nav-item__label">{item.label}</span>
                      <span className="nav-item__desc">{item.description}</span>
                    </span>
                    <Lock aria-hidden="true" size={16} className="nav-item__lock" />
                    <span className="sr-only">, locked</span>
                  </button>
                  <span id={tipId} role="tooltip" aria-hidden="true" className="nav-item__tip">
                    {Messages.access.upgradeToUnlock}
                  </span>
                </li>
              );
            }
            return (
              <li key={item.feature} className="nav-entry">
                <NavLink
                  to={item.to}
                  end={item.to === '/dashboard'}
                  className={({ isActive }) => `nav-item nav-item--${item.variant}${isActive ? ' is-active' : ''}`}
                  data-testid={`nav-${item.feature}`}
                  onClick={onNavigate}
                >
                  <Icon aria-hidden="true" size={20} className="nav-item__icon" />
                  <span className="nav-item__text">
                    <span className="nav-item__label">{item.label}</span>
                    <span className="nav-item__desc">{trialNote ? 'Trial: delayed signals' : item.description}</span>
                  </span>
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="sidebar__footer">
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <div className="sidebar__who">
          <span className="sidebar__name">{user.fullName}</span>
          <span className="sidebar__tier" data-testid="sidebar-tier">
            {tierLabel(user, trialStatus(user, now) === 'ended')}
          </span>
          {user.tier === 'guest' && user.role !== 'admin' && (
            <span className="sidebar__code">
              Access code: <code data-testid="admission-code">{user.admissionCode}</code>
            </span>
          )}
        </div>
        <button type="button" className="btn btn-ghost sidebar__signout" onClick={onSignOut} disabled={signingOut}>
          <LogOut aria-hidden="true" size={18} />
          Sign Out
        </button>
      </div>
    </>
  );

  if (!modal) {
    return (
      <aside id="dashboard-sidebar" className="sidebar" aria-label="Dashboard sidebar">
        {content}
      </aside>
    );
  }
  return (
    <>
      {/* The backdrop is for pointers only: Escape and the Close menu button are the keyboard's way out. */}
      {open && <div className="sidebar-overlay" aria-hidden="true" onClick={onClose} />}
      <div
        id="dashboard-sidebar"
        className={`sidebar${open ? ' is-open' : ''}`}
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
