import { CONTENT_LIMITS, DEFAULT_LANDING_CONTENT, type TAdminContent, ZOfferContent } from '@signalroom/shared';
import { clsx } from 'clsx';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiOutcome } from '../../api/client.js';
import publicStyles from '../../components/public/public-page.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './admin-content.module.css';
import { EditorPanel, FieldError } from './content-form.js';
import { useContentSave } from './use-admin-content.js';

/** The landing page's offer text: a headline and what it includes (one line each). */
export function OfferEditor({
  entry,
  onSaved,
}: {
  entry: TAdminContent['offer'];
  onSaved(answer: ApiOutcome<TAdminContent>): void;
}) {
  const id = useId();
  const start = entry.value ?? DEFAULT_LANDING_CONTENT.offer;
  const [headline, setHeadline] = useState(start.headline);
  const [lines, setLines] = useState(start.includes.join('\n'));
  const [sample, setSample] = useState(start.sample);
  const { errors, saving, result, save: saveDraft } = useContentSave(ZOfferContent, api.content.saveOffer, onSaved);
  const includes = lines
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const includesError = Object.entries(errors).find(([key]) => key.startsWith('includes'))?.[1];

  async function save() {
    await saveDraft({ headline, includes, sample });
  }

  return (
    <EditorPanel
      titleId={`${id}-title`}
      title="Offer text"
      testId="offer-editor"
      version={entry.version}
      savedAt={entry.savedAt}
      savedBy={entry.savedBy}
      unsavedNote="Not saved yet: the landing page shows the default offer text below."
      saving={saving}
      result={result}
      onSave={() => void save()}
      form={
        <>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-headline`}>Headline</label>
            <input
              id={`${id}-headline`}
              className={formStyles.input}
              maxLength={CONTENT_LIMITS.headline}
              value={headline}
              aria-invalid={Boolean(errors.headline)}
              aria-describedby={errors.headline ? `${id}-headline-error` : undefined}
              onChange={(e) => setHeadline(e.target.value)}
            />
            <FieldError id={`${id}-headline-error`} message={errors.headline} />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-includes`}>
              What it includes (one line each, at most {CONTENT_LIMITS.includes})
            </label>
            <textarea
              id={`${id}-includes`}
              className={formStyles.textarea}
              rows={4}
              value={lines}
              aria-invalid={Boolean(includesError)}
              aria-describedby={includesError ? `${id}-includes-error` : undefined}
              onChange={(e) => setLines(e.target.value)}
            />
            <FieldError id={`${id}-includes-error`} message={includesError} />
          </div>
          <label className={styles.check}>
            <input type="checkbox" checked={sample} onChange={(e) => setSample(e.target.checked)} /> Draft (not
            published: the public sees the default offer text meanwhile)
          </label>
        </>
      }
      preview={
        <div>
          <strong className={styles.previewHeadline}>{headline}</strong>
          <ul className={publicStyles.checkList}>
            {includes.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; the position is the identity
              <li key={i}>
                <CheckCircle2 size={16} aria-hidden="true" /> {line}
              </li>
            ))}
          </ul>
          {sample && <span className={clsx(publicStyles.badge, publicStyles.badgeSample)}>Draft: not published</span>}
        </div>
      }
    />
  );
}
