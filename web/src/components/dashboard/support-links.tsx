import type { TPublicConfig } from '@signalroom/shared';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useSessionStore } from '../../stores/session.store.js';
import { ContactGate, isContactConfigured } from '../contacts/operator-contact.js';
import pageStyles from './dashboard-page.module.css';
import styles from './support-links.module.css';

interface SupportLinksProps {
  /** Operator settings; null while they load. */
  config: TPublicConfig | null;
  /** Verb before the support handle on the chat link, e.g. "Chat with" or "Message". */
  chatVerb: string;
  /** Also offer WhatsApp when the operator has a number. */
  withWhatsapp?: boolean;
}

/**
 * The operator's support contacts (messaging app, e-mail, optionally WhatsApp) as a link list. Only real
 * contacts are listed; a placeholder is left out for members and marked "not configured" for admins.
 */
export function SupportLinks({ config, chatVerb, withWhatsapp = false }: SupportLinksProps) {
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  if (!config) return <p className={pageStyles.muted}>Loading support contacts...</p>;
  const shown = (['supportChat', 'supportEmail', ...(withWhatsapp ? (['whatsapp'] as const) : [])] as const).filter(
    (contact) => isContactConfigured(config, contact),
  );
  // The sections around this list hide themselves too (useSupportReachable): nothing leads nowhere.
  if (shown.length === 0 && !isAdmin) return null;
  const listed = (contact: 'supportChat' | 'supportEmail' | 'whatsapp') =>
    isAdmin || isContactConfigured(config, contact);
  return (
    <ul className={styles.linkList}>
      {listed('supportChat') && (
        <li>
          <ContactGate contact="supportChat">
            <a href={config.supportChatUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" size={18} /> {chatVerb} {config.supportHandle}
            </a>
          </ContactGate>
        </li>
      )}
      {listed('supportEmail') && (
        <li>
          <ContactGate contact="supportEmail">
            <a href={`mailto:${config.supportEmail}`}>
              <Mail aria-hidden="true" size={18} /> {config.supportEmail}
            </a>
          </ContactGate>
        </li>
      )}
      {withWhatsapp && listed('whatsapp') && (
        <li>
          <ContactGate contact="whatsapp">
            <a
              href={`https://wa.me/${config.whatsappNumber.replace(/\D/g, '')}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Phone aria-hidden="true" size={18} /> WhatsApp {config.whatsappNumber}
            </a>
          </ContactGate>
        </li>
      )}
    </ul>
  );
}
