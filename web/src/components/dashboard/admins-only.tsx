import { Messages } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import panelStyles from '../ui/panel.module.css';
import pageStyles from './dashboard-page.module.css';

/** What a member without the role a screen needs sees there (the server refuses the calls behind it anyway). */
export function RoleOnly({ title, message, testId }: { title: string; message: string; testId: string }) {
  const titleId = useId();
  return (
    <section
      className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <ShieldAlert aria-hidden="true" size={28} />
      <h1 id={titleId}>{title}</h1>
      <p className={pageStyles.muted}>{message}</p>
      <Link to="/dashboard">Back to the Command Center</Link>
    </section>
  );
}

/**
 * What a member who is not an admin sees on an admin screen: shown by the admin screens' parent route,
 * and by a screen whose call came back forbidden.
 */
export function AdminsOnly() {
  return <RoleOnly title="Admins only" message={Messages.common.forbidden} testId="admin-forbidden" />;
}
