import {
  DEFAULT_SUPPORT_PRIORITY,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_LIMITS,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
  type SupportCategory,
  type SupportFieldErrors,
  type SupportPriority,
  type TSupportThread,
  ticketFieldIssues,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import * as api from '../../api/api.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './support.module.css';

type FieldErrors = SupportFieldErrors & { category?: string; priority?: string };

/** A ticket another screen starts for the member (the vault's 'Book 1:1 Session'), sent as router state. */
export interface TicketDraft {
  category: SupportCategory;
  subject: string;
  message: string;
}

/**
 * The ticket form: category, priority (medium unless chosen), subject and message, checked with the
 * shared rules before sending; the server checks the same and its words are shown per field.
 */
export function TicketForm({
  onCreated,
  draft,
}: {
  onCreated(thread: TSupportThread): void;
  draft?: TicketDraft | null;
}) {
  const id = useId();
  const [category, setCategory] = useState<SupportCategory | ''>(draft?.category ?? '');
  const [priority, setPriority] = useState<SupportPriority>(DEFAULT_SUPPORT_PRIORITY);
  const [subject, setSubject] = useState(draft?.subject ?? '');
  const [message, setMessage] = useState(draft?.message ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = ticketFieldIssues({ subject, message });
    if (!category) found.category = 'Please choose a category';
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0 || !category) return;
    setSending(true);
    const result = await api.support.create({ body: { category, priority, subject, message } });
    setSending(false);
    if (result.ok) {
      setCategory('');
      setPriority(DEFAULT_SUPPORT_PRIORITY);
      setSubject('');
      setMessage('');
      setAlert({ kind: 'success', text: result.message });
      onCreated(result.data);
      return;
    }
    if (result.status === 'unauthorized') return;
    setErrors(result.fields as FieldErrors);
    setAlert({ kind: 'error', text: result.message });
  }

  const fieldProps = (name: keyof FieldErrors) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const errorOf = (name: keyof FieldErrors) =>
    errors[name] ? (
      <p className={formStyles.fieldError} id={`${id}-${name}-error`} data-testid={`ticket-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <section className={panelStyles.panel} aria-labelledby={`${id}-title`} data-testid="ticket-form">
      <h2 id={`${id}-title`}>Open a ticket</h2>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={styles.formRow}>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-category`}>Category</label>
            <select
              id={`${id}-category`}
              className={formStyles.select}
              value={category}
              required
              onChange={(e) => setCategory(e.target.value as SupportCategory | '')}
              {...fieldProps('category')}
            >
              <option value="">Choose a category</option>
              {SUPPORT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {SUPPORT_CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
            {errorOf('category')}
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-priority`}>Priority</label>
            <select
              id={`${id}-priority`}
              className={formStyles.select}
              value={priority}
              onChange={(e) => setPriority(e.target.value as SupportPriority)}
              {...fieldProps('priority')}
            >
              {SUPPORT_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {SUPPORT_PRIORITY_LABELS[p]}
                </option>
              ))}
            </select>
            {errorOf('priority')}
          </div>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-subject`}>Subject</label>
          <input
            id={`${id}-subject`}
            className={formStyles.input}
            value={subject}
            required
            maxLength={SUPPORT_LIMITS.subjectMax}
            onChange={(e) => setSubject(e.target.value)}
            {...fieldProps('subject')}
          />
          {errorOf('subject')}
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            className={formStyles.textarea}
            value={message}
            required
            rows={6}
            maxLength={SUPPORT_LIMITS.messageMax}
            onChange={(e) => setMessage(e.target.value)}
            {...fieldProps('message')}
          />
          <p className={formStyles.fieldHint}>
            {message.trim().length} / {SUPPORT_LIMITS.messageMax} characters
          </p>
          {errorOf('message')}
        </div>
        <div role="alert" data-testid="ticket-form-alert">
          {alert && (
            <p
              className={clsx(
                formStyles.alert,
                alert.kind === 'error' ? formStyles.alertError : formStyles.alertSuccess,
              )}
            >
              {alert.text}
            </p>
          )}
        </div>
        <button
          type="submit"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          disabled={sending}
          aria-busy={sending}
        >
          <Send aria-hidden="true" size={16} /> {sending ? 'Sending' : 'Send ticket'}
        </button>
      </form>
    </section>
  );
}
