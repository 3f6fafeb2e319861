import { SUPPORT_LIMITS, supportMessageIssue, type TSupportMessage } from '@signalroom/shared';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { formatForReader } from '../../components/clock/use-clock.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './support.module.css';

export function formatTicketTime(iso: string): string {
  return formatForReader(iso);
}

/**
 * A ticket's messages, oldest first. Bodies are plain text: React escapes them and line breaks are kept
 * by CSS, so markup a member or an admin typed shows as the characters they typed.
 */
export function ThreadMessages({ messages, viewer }: { messages: TSupportMessage[]; viewer: 'member' | 'support' }) {
  return (
    <ol className={styles.messages} aria-label="Messages">
      {messages.map((m) => (
        <li
          key={m.id}
          className={clsx(styles.message, m.author === viewer ? styles.messageOwn : styles.messageOther)}
          data-testid="thread-message"
          data-author={m.author}
        >
          <p className={styles.messageMeta}>
            <strong>{m.authorName}</strong> · <time dateTime={m.createdAt}>{formatTicketTime(m.createdAt)}</time>
          </p>
          <p className={styles.messageBody}>{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** A reply box under a thread: plain text, checked with the shared rule, sent with the button or Ctrl+Enter. */
export function ReplyForm({
  label,
  onSend,
  testId,
}: {
  label: string;
  onSend(message: string): Promise<{ ok: boolean; message?: string; fields?: Record<string, string> }>;
  testId: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const issue = supportMessageIssue(text);
    setError(issue);
    if (issue) return;
    setSending(true);
    const result = await onSend(text);
    setSending(false);
    if (result.ok) setText('');
    else setError(result.fields?.message ?? result.message ?? 'The reply could not be sent.');
  }

  return (
    <form className={clsx(formStyles.form, styles.replyForm)} onSubmit={submit} noValidate data-testid={testId}>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-reply`}>{label}</label>
        <textarea
          id={`${id}-reply`}
          className={formStyles.textarea}
          rows={4}
          value={text}
          maxLength={SUPPORT_LIMITS.messageMax}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reply-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          }}
        />
        {error && (
          <p className={formStyles.fieldError} id={`${id}-reply-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? 'Sending' : 'Send reply'}
      </button>
    </form>
  );
}
