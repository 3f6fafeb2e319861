import { Outlet } from 'react-router-dom';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import { useSessionStore } from '../../stores/session.store.js';

/**
 * The parent of every admin screen (/dashboard/admin/*): a member who is not an admin sees "Admins only"
 * instead of the screen, checked once here rather than on each screen. The server refuses every admin
 * call anyway; a screen whose call comes back forbidden (a role removed while it was open) shows the
 * same notice.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  if (user.role !== 'admin') return <AdminsOnly />;
  return <Outlet />;
}
