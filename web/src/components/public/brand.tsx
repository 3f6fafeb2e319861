import { Activity } from 'lucide-react';
import { useEffect } from 'react';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import styles from './brand.module.css';

/** The operator's product name, loaded once from GET /api/config/public. */
export function useProductName(): string {
  const config = usePublicConfigStore((s) => s.config);
  const load = usePublicConfigStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  return config?.productName ?? 'Signalroom';
}

/**
 * Logo and product name, linking home. A document link, not a router link: the landing page is a
 * prerendered document of its own (landing.html), outside the app's router.
 */
export function Brand() {
  const name = useProductName();
  return (
    <a href="/" className={styles.brand} aria-label={`${name} home`}>
      <span className={styles.brandMark} aria-hidden="true">
        <Activity size={18} strokeWidth={2.5} />
      </span>
      {name}
    </a>
  );
}
