import { commandCenterView } from '@signalroom/shared';
import { useSessionStore } from '../../stores/session.store.js';
import { ActivationView } from './activation-view.js';
import { ActiveMemberView } from './active-member-view.js';
import { EliteView } from './elite-view.js';

/** Command Center (/dashboard): activation view for guests, active view for silver/pro, elite view for gold. */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  const view = commandCenterView(user);
  if (view === 'elite') return <EliteView user={user} />;
  if (view === 'active') return <ActiveMemberView user={user} />;
  return <ActivationView user={user} />;
}
