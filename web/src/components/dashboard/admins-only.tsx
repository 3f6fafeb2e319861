import { Messages } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import panelStyles from '../ui/panel.module.css';
import pageStyles from './dashboard-page.module.css';

/**
 * What a member who is not an admin sees on an admin screen (the server refuses the calls behind it
 * anyway): shown by the admin screens' parent route, and by a screen whose call came back forbidden.
 */
export function AdminsOnly() {
  const titleId = useId();
  return (
    <section
      className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)}
      aria-labelledby={titleId}
      data-testid="admin-forbidden"
    >
      <ShieldAlert aria-hidden="true" size={28} />
      <h1 id={titleId}>Admins only</h1>
      <p className={pageStyles.muted}>{Messages.common.forbidden}</p>
      <Link to="/dashboard">Back to the Command Center</Link>
    </section>
  );
}
