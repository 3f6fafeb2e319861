import { Outlet } from 'react-router-dom';

/** Placeholder shell; the real one (guards, sidebar, header) comes with the dashboard work. */
export function Component() {
  return <Outlet />;
}
