import {
  OPERATOR_CONTACT_LABELS,
  PAGES,
  publishedLandingContent,
  type TAdminContent,
  unconfiguredContacts,
} from '@signalroom/shared';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as api from '../../api/api.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import styles from './admin-overview.module.css';

interface ChecklistItem {
  key: string;
  done: boolean;
  text: string;
  /** Where it is set. */
  to: string;
}

const SETTINGS = PAGES['admin-settings'].path;

/**
 * What the business has not set up yet, and what members and visitors therefore do not see: a contact
 * still at its shipped placeholder, support hours, the landing page's reviews and offer text. The product
 * hides each of them until it is real; this list is where admins learn what is missing.
 */
export function SetupChecklist() {
  const config = usePublicConfigStore((s) => s.config);
  const [content, setContent] = useState<TAdminContent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const answer = await api.content.adminContent();
    if (answer.ok) {
      setContent(answer.data);
      setError(null);
    } else setError(answer.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const items: ChecklistItem[] = [];
  if (config) {
    const missing = new Set(unconfiguredContacts(config));
    for (const [contact, label] of Object.entries(OPERATOR_CONTACT_LABELS)) {
      const done = !missing.has(contact as keyof typeof OPERATOR_CONTACT_LABELS);
      // The bootcamp link is one of the success page's links (Content); every other contact is a setting.
      const to = contact === 'bootcamp' ? PAGES['admin-content'].path : SETTINGS;
      items.push({ key: contact, done, to, text: done ? `${label}: set` : `${label}: not set, hidden from members` });
    }
    items.push({
      key: 'supportHours',
      to: SETTINGS,
      done: config.supportHours.length > 0,
      text:
        config.supportHours.length > 0
          ? `Support hours: ${config.supportHours.length} published`
          : 'Support hours: not set, the Support Hub shows none',
    });
  }
  if (content) {
    const shown = publishedLandingContent({ reviews: content.reviews.value, offer: content.offer.value });
    const published = shown.reviews.length;
    items.push({
      key: 'reviews',
      to: SETTINGS,
      done: published > 0,
      text:
        published > 0
          ? `Landing page reviews: ${published} published`
          : 'Landing page reviews: none published, the Reviews section is hidden',
    });
    const offerSaved = content.offer.value !== null && shown.offer === content.offer.value;
    items.push({
      key: 'offer',
      to: SETTINGS,
      done: offerSaved,
      text: offerSaved ? 'Offer text: saved' : 'Offer text: not saved, the default text is shown',
    });
  }
  const open = items.filter((item) => !item.done).length;

  return (
    <section className={panelStyles.panel} aria-labelledby="setup-title" data-testid="setup-checklist">
      <h2 id="setup-title">Set-up</h2>
      {(!config || (!content && !error)) && (
        <p className={pageStyles.muted} role="status">
          Loading what is set up…
        </p>
      )}
      {error && (
        <p role="alert">
          {error}{' '}
          <button type="button" className={buttonStyles.linkBtn} onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      {config && content && (
        <p className={pageStyles.muted} data-testid="setup-summary">
          {open === 0 ? 'Everything is set up.' : `${open} of ${items.length} not set up yet.`} Contacts, hours, the
          offer text and reviews are set on <Link to={SETTINGS}>Settings</Link>.
        </p>
      )}
      <ul className={styles.checklist}>
        {items.map((item) => (
          <li key={item.key} data-testid={`setup-${item.key}`} data-done={item.done}>
            {item.done ? (
              <CheckCircle2 aria-hidden="true" size={16} className={styles.checkDone} />
            ) : (
              <CircleAlert aria-hidden="true" size={16} className={styles.checkOpen} />
            )}{' '}
            {item.text}
            {!item.done && (
              <>
                {' '}
                <Link to={item.to} data-testid={`setup-${item.key}-link`}>
                  Set it
                  <span className={textStyles.srOnly}>: {item.text.split(':')[0]}</span>
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
