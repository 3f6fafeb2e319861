import { isFeatureLocked, isTrialRunning, Messages, signalAccessMode, type TUser } from '@signalroom/shared';
import { Lock, LogOut, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { tierLabel } from '../../components/dashboard/tier-badge.js';
import { useNow } from '../../components/dashboard/use-now.js';
import { NAV_ITEMS } from './nav-items.js';

interface SidebarProps {
  user: TUser;
  open: boolean;
  onClose(): void;
  onSignOut(): void;
  signingOut: boolean;
}

/**
 * The dashboard sidebar: ten items with icon, label and description; locked items are greyed with a lock,
 * say 'Upgrade to unlock this feature' on hover and focus, and lead to the Upgrade Portal.
 */
export function DashboardSidebar({ user, open, onClose, onSignOut, signingOut }: SidebarProps) {
  const navigate = useNavigate();
  const initial = (user.fullName.trim()[0] ?? '?').toUpperCase();
  const closeRef = useRef<HTMLButtonElement>(null);
  // The trial opens Neural Signals in the delayed view until trialEndsAt; re-read the clock for it.
  const now = useNow(5000);
  const delayed = signalAccessMode(user, now) === 'delayed';
  // On small screens the opened menu takes focus, so keyboard users land inside it.
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  return (
    <>
      {open && <button type="button" className="sidebar-overlay" aria-label="Close menu" onClick={onClose} />}
      <aside id="dashboard-sidebar" className={`sidebar${open ? ' is-open' : ''}`} aria-label="Dashboard">
        <div className="sidebar__top">
          <span className="sidebar__brand">Menu</span>
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
        <nav className="sidebar__nav">
          <ul>
            {NAV_ITEMS.map((item) => {
              const locked = isFeatureLocked(item.feature, user, now);
              const trialNote = delayed && item.feature === 'signals';
              const Icon = item.icon;
              if (locked) {
                const tipId = `lock-tip-${item.feature}`;
                return (
                  <li key={item.feature}>
                    <button
                      type="button"
                      className={`nav-item nav-item--${item.variant} is-locked`}
                      aria-describedby={tipId}
                      data-testid={`nav-${item.feature}`}
                      onClick={() => {
                        onClose();
                        navigate('/dashboard/upgrade');
                      }}
                    >
                      <Icon aria-hidden="true" size={20} className="nav-item__icon" />
                      <span className="nav-item__text">
                        <span className="nav-item__label">{item.label}</span>
                        <span className="nav-item__desc">{item.description}</span>
                      </span>
                      <Lock aria-label="Locked" size={16} className="nav-item__lock" />
                      <span id={tipId} role="tooltip" className="nav-item__tip">
                        {Messages.access.upgradeToUnlock}
                      </span>
                    </button>
                  </li>
                );
              }
              return (
                <li key={item.feature}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/dashboard'}
                    className={({ isActive }) => `nav-item nav-item--${item.variant}${isActive ? ' is-active' : ''}`}
                    data-testid={`nav-${item.feature}`}
                    onClick={onClose}
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
            <span className="sidebar__tier">{tierLabel(user.tier, !isTrialRunning(user, now))}</span>
            {user.tier === 'guest' && (
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
      </aside>
    </>
  );
}
