import { Activity } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
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

/** Logo and product name, linking home. */
export function Brand() {
  const name = useProductName();
  return (
    <Link to="/" className={styles.brand} aria-label={`${name} home`}>
      <span className={styles.brandMark} aria-hidden="true">
        <Activity size={18} strokeWidth={2.5} />
      </span>
      {name}
    </Link>
  );
}
