import { COMMUNITY_LIMITS, postIssue, type TCommunityPost } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './community.module.css';

/**
 * The post-update box: plain text up to 2,000 characters, checked here and by the server alike. With
 * `replyTo` it answers that post (its author is told); Cancel reply makes it a post of its own again.
 */
export function Composer({
  onPosted,
  replyTo = null,
  onCancelReply,
}: {
  onPosted(post: TCommunityPost): void;
  replyTo?: TCommunityPost | null;
  onCancelReply?(): void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);

  // Choosing Reply on a post brings the member to the box, ready to type.
  useEffect(() => {
    if (replyTo) textRef.current?.focus();
  }, [replyTo]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const issue = postIssue(text);
    setError(issue ?? '');
    if (issue) return;
    setSending(true);
    const result = await api.community.post({ body: { body: text, ...(replyTo ? { replyToId: replyTo.id } : {}) } });
    setSending(false);
    if (!result.ok) {
      setError(result.fields.body ?? result.fields.replyToId ?? result.message);
      return;
    }
    setText('');
    onPosted(result.data);
    onCancelReply?.();
  }

  const left = COMMUNITY_LIMITS.postMax - text.trim().length;
  return (
    <form
      className={clsx(panelStyles.panel, formStyles.form)}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{replyTo ? `Reply to ${replyTo.authorName}` : 'Share an update'}</h2>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-text`}>{replyTo ? 'Your reply' : 'Your update'}</label>
        <textarea
          ref={textRef}
          id={`${id}-text`}
          className={formStyles.textarea}
          rows={3}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          data-testid="post-text"
        />
        <p id={`${id}-hint`} className={formStyles.fieldHint}>
          Plain text; links to web pages become clickable.{' '}
          {left >= 0 ? `${left} characters left.` : `${-left} characters over.`}
        </p>
        {error ? (
          <p id={`${id}-error`} className={formStyles.fieldError} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.postActions}>
        <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={sending}>
          <Send aria-hidden="true" size={16} /> {sending ? 'Posting...' : replyTo ? 'Post Reply' : 'Post Update'}
        </button>
        {replyTo ? (
          <button type="button" className={buttonStyles.btn} onClick={onCancelReply}>
            Cancel reply
          </button>
        ) : null}
      </div>
    </form>
  );
}
