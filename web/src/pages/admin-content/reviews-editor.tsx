import {
  CONTENT_LIMITS,
  SAMPLE_TESTIMONIALS,
  type TAdminContent,
  type Testimonial,
  ZReviewsContent,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiOutcome } from '../../api/client.js';
import publicStyles from '../../components/public/public-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './admin-content.module.css';
import { EditorPanel, FieldError } from './content-form.js';
import { useContentSave } from './use-admin-content.js';

const BLANK: Testimonial = { quote: '', name: '', role: '', sample: false };

/** A review being edited, with a key of its own so removing one keeps the others' inputs in place. */
type Draft = Testimonial & { key: number };
let nextKey = 0;
const draftOf = (review: Testimonial): Draft => ({ ...review, key: ++nextKey });
const reviewOf = ({ key: _key, ...review }: Draft): Testimonial => review;

/** The landing page's reviews: edit, add, remove, each with its 'Sample review' flag; preview as the page shows them. */
export function ReviewsEditor({
  entry,
  onSaved,
}: {
  entry: TAdminContent['reviews'];
  onSaved(answer: ApiOutcome<TAdminContent>): void;
}) {
  const id = useId();
  const [items, setItems] = useState<Draft[]>(() =>
    (entry.value ? entry.value.items : SAMPLE_TESTIMONIALS).map(draftOf),
  );
  const { errors, saving, result, save: saveDraft } = useContentSave(ZReviewsContent, api.content.saveReviews, onSaved);
  const change = (index: number, patch: Partial<Testimonial>) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  async function save() {
    await saveDraft({ items: items.map(reviewOf) });
  }

  return (
    <EditorPanel
      titleId={`${id}-title`}
      title="Reviews"
      testId="reviews-editor"
      version={entry.version}
      savedAt={entry.savedAt}
      savedBy={entry.savedBy}
      unsavedNote="Not saved yet: the landing page shows no reviews and hides its Reviews section. The examples below are drafts, flagged as samples: the public never sees a review flagged so."
      saving={saving}
      result={result}
      onSave={() => void save()}
      form={
        <>
          {items.length === 0 && <p className={publicStyles.muted}>No reviews: the landing page will say so.</p>}
          {items.map((item, i) => {
            const key = `items.${i}`;
            return (
              <fieldset key={item.key} className={styles.reviewFields}>
                <legend>Review {i + 1}</legend>
                <div className={formStyles.field}>
                  <label htmlFor={`${id}-${i}-quote`}>Review text</label>
                  <textarea
                    id={`${id}-${i}-quote`}
                    className={formStyles.textarea}
                    rows={3}
                    maxLength={CONTENT_LIMITS.quote}
                    value={item.quote}
                    aria-invalid={Boolean(errors[`${key}.quote`])}
                    aria-describedby={errors[`${key}.quote`] ? `${id}-${i}-quote-error` : undefined}
                    onChange={(e) => change(i, { quote: e.target.value })}
                  />
                  <FieldError id={`${id}-${i}-quote-error`} message={errors[`${key}.quote`]} />
                </div>
                <div className={formStyles.field}>
                  <label htmlFor={`${id}-${i}-name`}>Reviewer's name</label>
                  <input
                    id={`${id}-${i}-name`}
                    className={formStyles.input}
                    maxLength={CONTENT_LIMITS.name}
                    value={item.name}
                    aria-invalid={Boolean(errors[`${key}.name`])}
                    aria-describedby={errors[`${key}.name`] ? `${id}-${i}-name-error` : undefined}
                    onChange={(e) => change(i, { name: e.target.value })}
                  />
                  <FieldError id={`${id}-${i}-name-error`} message={errors[`${key}.name`]} />
                </div>
                <div className={formStyles.field}>
                  <label htmlFor={`${id}-${i}-role`}>Line under the name (optional)</label>
                  <input
                    id={`${id}-${i}-role`}
                    className={formStyles.input}
                    maxLength={CONTENT_LIMITS.role}
                    value={item.role}
                    onChange={(e) => change(i, { role: e.target.value })}
                  />
                </div>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={item.sample}
                    onChange={(e) => change(i, { sample: e.target.checked })}
                  />{' '}
                  Sample review (kept here, never shown to the public)
                </label>
                <button
                  type="button"
                  className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
                  onClick={() => setItems((current) => current.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden="true" size={16} /> Remove review {i + 1}
                </button>
              </fieldset>
            );
          })}
          {errors.items && <p className={formStyles.fieldError}>{errors.items}</p>}
          <button
            type="button"
            className={buttonStyles.btn}
            disabled={items.length >= CONTENT_LIMITS.reviews}
            onClick={() => setItems((current) => [...current, draftOf(BLANK)])}
          >
            <Plus aria-hidden="true" size={16} /> Add a review
          </button>
        </>
      }
      preview={
        items.length === 0 ? (
          <p className={publicStyles.muted}>No reviews yet.</p>
        ) : (
          <ul className={styles.previewList}>
            {items.map((item) => (
              <li key={item.key}>
                {item.sample && (
                  <span className={clsx(publicStyles.badge, publicStyles.badgeSample)}>Sample review</span>
                )}
                <blockquote>“{item.quote}”</blockquote>
                <strong>{item.name}</strong>
                {item.role && <span className={publicStyles.muted}> · {item.role}</span>}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
