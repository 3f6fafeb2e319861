import {
  OPERATOR_CONTACT_LABELS,
  type OperatorContact,
  PAGES,
  type TPublicConfig,
  unconfiguredContacts,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import pageStyles from '../dashboard/dashboard-page.module.css';
import panelStyles from '../ui/panel.module.css';
import styles from './operator-contact.module.css';

/** Whether a contact is a real one the operator configured (placeholders never are). */
export function isContactConfigured(config: TPublicConfig | null, contact: OperatorContact): boolean {
  return Boolean(config?.contactsConfigured[contact]);
}

/** The contacts a member can reach support by. */
const SUPPORT_CONTACTS: readonly OperatorContact[] = ['supportChat', 'supportEmail', 'whatsapp'];

/**
 * Whether this reader has a way to reach support: a member only when the operator set at least one real
 * support contact (a section or button that leads to none is hidden), an admin always (so they see what
 * is missing). False while the settings load.
 */
export function useSupportReachable(): boolean {
  const config = usePublicConfigStore((s) => s.config);
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  if (!config) return false;
  return isAdmin || SUPPORT_CONTACTS.some((contact) => isContactConfigured(config, contact));
}

/** Whether this reader sees what depends on one contact: a member when it is real, an admin always. */
export function useContactShown(contact: OperatorContact): boolean {
  const config = usePublicConfigStore((s) => s.config);
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  return Boolean(config) && (isAdmin || isContactConfigured(config, contact));
}

/**
 * Shows a contact only when it is real (docs/decisions.md, "Placeholder contacts"): a placeholder is
 * never presented as a contact. Admins see "not configured" in its place, so they know to set it;
 * members see `fallback` (nothing by default).
 */
export function ContactGate({
  contact,
  children,
  fallback = null,
  loading = null,
}: {
  contact: OperatorContact;
  children: ReactNode;
  fallback?: ReactNode;
  /** Shown while the settings load. */
  loading?: ReactNode;
}) {
  const config = usePublicConfigStore((s) => s.config);
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  if (!config) return <>{loading}</>;
  if (isContactConfigured(config, contact)) return <>{children}</>;
  if (isAdmin) {
    return (
      <span className={styles.missing} data-testid={`contact-missing-${contact}`}>
        {OPERATOR_CONTACT_LABELS[contact]}: not configured
      </span>
    );
  }
  return <>{fallback}</>;
}

/** The admin notice that operator contacts are still placeholders (admin screens show it). */
export function UnconfiguredContactsNotice() {
  const config = usePublicConfigStore((s) => s.config);
  if (!config) return null;
  const missing = unconfiguredContacts(config);
  if (missing.length === 0) return null;
  return (
    <section className={clsx(panelStyles.panel, styles.notice)} role="note" data-testid="contacts-not-configured">
      <h2>
        <AlertTriangle aria-hidden="true" size={18} /> Contacts not configured
      </h2>
      <p className={pageStyles.muted}>
        These contacts are not set. Members do not see them, nor what depends on them; set them on{' '}
        <Link to={PAGES['admin-settings'].path}>Settings</Link>:
      </p>
      <ul>
        {missing.map((contact) => (
          <li key={contact}>{OPERATOR_CONTACT_LABELS[contact]}</li>
        ))}
      </ul>
    </section>
  );
}
