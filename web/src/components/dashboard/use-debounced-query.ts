import { LIMITS } from '@signalroom/shared';
import { useEffect, useRef } from 'react';

/**
 * An admin list's search box applies once typing pauses (the admin search's debounce): `apply` gets the
 * text then (it sets the filters' `q` and goes back to the first page).
 */
export function useDebouncedQuery(search: string, apply: (q: string) => void): void {
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    const timer = setTimeout(() => latest.current(search), LIMITS.adminSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [search]);
}
