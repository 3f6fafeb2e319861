import { useCallback, useState } from 'react';
import type { ApiFailure } from '../../api/client.js';

/**
 * How an admin screen takes a failed call: a dead session is handled once for every call (api/client.ts),
 * a forbidden answer turns the screen into the admins-only notice, anything else is shown as an alert.
 */
export function useAdminFailure() {
  const [alert, setAlert] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const handleFailure = useCallback((failure: ApiFailure) => {
    if (failure.status === 'unauthorized') return;
    if (failure.status === 'forbidden') setForbidden(true);
    else setAlert(failure.message);
  }, []);
  return { alert, setAlert, forbidden, setForbidden, handleFailure };
}
