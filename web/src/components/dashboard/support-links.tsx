import type { TPublicConfig } from '@signalroom/shared';
import { Mail, MessageCircle, Phone } from 'lucide-react';

interface SupportLinksProps {
  /** Operator settings; null while they load. */
  config: TPublicConfig | null;
  /** Verb before the support handle on the chat link, e.g. "Chat with" or "Message". */
  chatVerb: string;
  /** Also offer WhatsApp when the operator has a number. */
  withWhatsapp?: boolean;
}

/** The operator's support contacts (messaging app, e-mail, optionally WhatsApp) as a link list. */
export function SupportLinks({ config, chatVerb, withWhatsapp = false }: SupportLinksProps) {
  if (!config) return <p className="muted">Loading support contacts...</p>;
  return (
    <ul className="link-list">
      <li>
        <a href={config.supportChatUrl} target="_blank" rel="noopener noreferrer">
          <MessageCircle aria-hidden="true" size={18} /> {chatVerb} {config.supportHandle}
        </a>
      </li>
      <li>
        <a href={`mailto:${config.supportEmail}`}>
          <Mail aria-hidden="true" size={18} /> {config.supportEmail}
        </a>
      </li>
      {withWhatsapp && config.whatsappNumber && (
        <li>
          <a
            href={`https://wa.me/${config.whatsappNumber.replace(/\D/g, '')}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Phone aria-hidden="true" size={18} /> WhatsApp {config.whatsappNumber}
          </a>
        </li>
      )}
    </ul>
  );
}
