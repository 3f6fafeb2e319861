import { clsx } from 'clsx';
import { Lock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import buttonStyles from '../ui/button.module.css';
import panelStyles from '../ui/panel.module.css';
import pageStyles from './dashboard-page.module.css';

/**
 * The locked placeholder of a members' page (vault, network): what it is, what opens it (an activated
 * account: funded with the partner broker and verified), and the two ways forward. The server refuses
 * the page's calls for the same members, so nothing behind it is loaded.
 */
export function ContentLock({
  icon: Icon,
  title,
  message,
  children,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  message: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className={pageStyles.page} data-testid={testId}>
      <section className={clsx(panelStyles.panel, pageStyles.state)} aria-labelledby={`${testId}-title`}>
        <Icon aria-hidden="true" size={40} />
        <h1 id={`${testId}-title`}>
          <Lock aria-hidden="true" size={22} /> {title}
        </h1>
        <p className={pageStyles.muted}>{message}</p>
        {children}
        <UnlockActions />
      </section>
    </div>
  );
}

/** The two ways forward for a member whose access is locked: activate the account, or ask support. */
export function UnlockActions() {
  return (
    <div className={pageStyles.actions}>
      <Link className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} to="/dashboard/account-setup">
        Activate Elite Access
      </Link>
      <Link className={buttonStyles.btn} to="/dashboard/support">
        Contact Elite Support
      </Link>
    </div>
  );
}
