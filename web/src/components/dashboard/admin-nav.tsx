import { ADMIN_CONSOLE_PAGES, PAGES } from '@signalroom/shared';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import styles from './admin-nav.module.css';
import pageStyles from './dashboard-page.module.css';

/** The admin console's screens, one link each (the current one marked for screen readers too). */
const ADMIN_SCREENS = ADMIN_CONSOLE_PAGES.map((id) => ({ to: PAGES[id].path, label: PAGES[id].navLabel }));

export function AdminNav() {
  return (
    <nav className={styles.nav} aria-label="Admin console">
      <ul>
        {ADMIN_SCREENS.map((screen) => (
          <li key={screen.to}>
            <NavLink to={screen.to} end className={({ isActive }) => (isActive ? styles.active : undefined)}>
              {screen.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An admin screen's heading (its icon and name, a line on what it shows) and the console's navigation. */
export function AdminPageHead({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <header className={pageStyles.pageHead}>
        <h1>
          <Icon aria-hidden="true" size={26} /> {title}
        </h1>
        <p className={pageStyles.muted}>{children}</p>
      </header>
      <AdminNav />
    </>
  );
}
