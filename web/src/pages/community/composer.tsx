import { COMMUNITY_LIMITS, postIssue, type TCommunityPost } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import * as api from '../../api/api.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';

/** The post-update box: plain text up to 2,000 characters, checked here and by the server alike. */
export function Composer({ onPosted }: { onPosted(post: TCommunityPost): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const issue = postIssue(text);
    setError(issue ?? '');
    if (issue) return;
    setSending(true);
    const result = await api.community.post({ body: { body: text } });
    setSending(false);
    if (!result.ok) {
      setError(result.fields.body ?? result.message);
      return;
    }
    setText('');
    onPosted(result.data);
  }

  const left = COMMUNITY_LIMITS.postMax - text.trim().length;
  return (
    <form
      className={clsx(panelStyles.panel, formStyles.form)}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Share an update</h2>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-text`}>Your update</label>
        <textarea
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
      <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={sending}>
        <Send aria-hidden="true" size={16} /> {sending ? 'Posting...' : 'Post Update'}
      </button>
    </form>
  );
}
