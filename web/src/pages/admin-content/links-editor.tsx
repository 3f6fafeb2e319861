import { type TAdminContent, type TSuccessLinksContent, ZSuccessLinksContent } from '@signalroom/shared';
import { useId, useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiOutcome } from '../../api/client.js';
import formStyles from '../../components/ui/form.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import styles from './admin-content.module.css';
import { EditorPanel, FieldError } from './content-form.js';
import { useContentSave } from './use-admin-content.js';

const FIELDS: ReadonlyArray<{ key: keyof TSuccessLinksContent; label: string; placeholder: string }> = [
  { key: 'supportHandle', label: 'Support handle on Telegram', placeholder: '@yoursupport' },
  { key: 'supportChatUrl', label: 'Support chat link', placeholder: 'https://t.me/yoursupport' },
  { key: 'brokerRegistrationUrl', label: 'Broker registration link', placeholder: 'https://' },
  { key: 'bootcampUrl', label: 'Bootcamp website', placeholder: 'https://' },
];

/** The success page's support contact and links; until saved, the server configuration's stand. */
export function LinksEditor({
  entry,
  onSaved,
}: {
  entry: TAdminContent['successLinks'];
  onSaved(answer: ApiOutcome<TAdminContent>): void;
}) {
  const id = useId();
  const config = usePublicConfigStore((s) => s.config);
  const reloadConfig = usePublicConfigStore((s) => s.load);
  const [values, setValues] = useState<TSuccessLinksContent>(
    () =>
      entry.value ?? {
        supportHandle: config?.supportHandle ?? '',
        supportChatUrl: config?.supportChatUrl ?? '',
        brokerRegistrationUrl: config?.brokerRegistrationUrl ?? '',
        bootcampUrl: config?.bootcampUrl ?? '',
      },
  );
  const {
    errors,
    saving,
    result,
    save: saveDraft,
  } = useContentSave(ZSuccessLinksContent, api.content.saveSuccessLinks, onSaved);

  async function save() {
    if (await saveDraft(values)) {
      // The success page and every contact read the public settings: fetch them again.
      void reloadConfig({ force: true });
    }
  }

  return (
    <EditorPanel
      titleId={`${id}-title`}
      title="Success page contacts and links"
      testId="links-editor"
      version={entry.version}
      savedAt={entry.savedAt}
      savedBy={entry.savedBy}
      unsavedNote="Not saved yet: the success page uses the contacts of the server configuration (placeholders are never shown to visitors)."
      saving={saving}
      result={result}
      onSave={() => void save()}
      form={FIELDS.map((field) => (
        <div className={formStyles.field} key={field.key}>
          <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
          <input
            id={`${id}-${field.key}`}
            className={formStyles.input}
            type={field.key === 'supportHandle' ? 'text' : 'url'}
            inputMode={field.key === 'supportHandle' ? 'text' : 'url'}
            placeholder={field.placeholder}
            value={values[field.key]}
            maxLength={500}
            aria-invalid={Boolean(errors[field.key])}
            aria-describedby={errors[field.key] ? `${id}-${field.key}-error` : undefined}
            onChange={(e) => setValues((current) => ({ ...current, [field.key]: e.target.value }))}
          />
          <FieldError id={`${id}-${field.key}-error`} message={errors[field.key]} />
        </div>
      ))}
      preview={
        <ul className={styles.previewList}>
          <li>
            Step 1 button: <span className={styles.url}>{values.brokerRegistrationUrl || '–'}</span>
          </li>
          <li>
            Step 2: message support {values.supportHandle} at{' '}
            <span className={styles.url}>{values.supportChatUrl || '–'}</span>
          </li>
          <li>
            Bootcamp button: <span className={styles.url}>{values.bootcampUrl || '–'}</span>
          </li>
        </ul>
      }
    />
  );
}
