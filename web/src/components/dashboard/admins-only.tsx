import { Messages } from '@signalroom/shared';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';

/**
 * What a member who is not an admin sees on an admin screen (the server refuses the calls behind it
 * anyway). `titleId` is the heading's id, unique to the screen, for aria-labelledby.
 */
export function AdminsOnly({ titleId }: { titleId: string }) {
  return (
    <section className="panel state state--error" aria-labelledby={titleId} data-testid="admin-forbidden">
      <ShieldAlert aria-hidden="true" size={28} />
      <h1 id={titleId}>Admins only</h1>
      <p className="muted">{Messages.common.forbidden}</p>
      <Link to="/dashboard">Back to the Command Center</Link>
    </section>
  );
}
