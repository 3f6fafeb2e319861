import { type TWebhookAttempt, WEBHOOK_MESSAGE_LABELS, type WebhookTrigger } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { formatMoment } from '../../components/dashboard/activation-format.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import { SectionLoadState } from '../../components/ui/section-load-state.js';
import styles from './settings.module.css';

type AttemptsState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; attempts: TWebhookAttempt[]; nextCursor: string | null };

/** How long after a resend the list is read again, and how many times, waiting for the new attempt. */
const RESEND_POLL_MS = 1000;
const RESEND_POLLS = 10;

/** What the list says of why a try was made (the queue's own tries say nothing). */
const TRIGGER_NOTES: Record<WebhookTrigger, string> = {
  delivery: '',
  resend: ' · resent by you',
  recover: ' · recovered by you',
  test: ' · test by you',
};

/** What an attempt came to, in one line: the receiver's status and time, or why no answer came. */
function outcomeOf(attempt: TWebhookAttempt): string {
  const answer = attempt.responseStatus === null ? null : `HTTP ${attempt.responseStatus} in ${attempt.responseMs} ms`;
  if (attempt.succeeded) return `Delivered: ${answer}`;
  return `Failed: ${[answer, attempt.error].filter(Boolean).join(', ')}`;
}

/**
 * An endpoint's latest attempts, newest first: event, time, status and response time, a button to send
 * one again (the server queues it; the list is read again until the new attempt shows), and older pages
 * on demand.
 */
export function WebhookAttempts({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [state, setState] = useState<AttemptsState>({ phase: 'loading' });
  const [notice, setNotice] = useState('');
  const [resending, setResending] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal): Promise<TWebhookAttempt[] | null> => {
      const result = await api.webhooks.attempts({ params: { id: endpointId }, signal });
      setState(
        result.ok
          ? { phase: 'ready', attempts: result.data, nextCursor: result.nextCursor ?? null }
          : { phase: 'error', message: result.message },
      );
      return result.ok ? result.data : null;
    },
    [endpointId],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(ignoreAbort);
    return () => {
      controller.abort();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [load]);

  /** Appends the next (older) page of attempts. */
  async function showOlder(before: string) {
    setLoadingOlder(true);
    const result = await api.webhooks.attempts({ params: { id: endpointId }, query: { before } });
    setLoadingOlder(false);
    if (!result.ok) {
      setNotice(result.message);
      return;
    }
    setState((current) =>
      current.phase === 'ready'
        ? { phase: 'ready', attempts: [...current.attempts, ...result.data], nextCursor: result.nextCursor ?? null }
        : current,
    );
  }

  async function resend(attempt: TWebhookAttempt) {
    setResending(attempt.id);
    const result = await api.webhooks.resend({ params: { id: endpointId, attemptId: attempt.id } });
    setResending(null);
    setNotice(result.message);
    if (!result.ok) return;
    const newest = state.phase === 'ready' ? state.attempts[0]?.id : undefined;
    let polls = 0;
    const poll = async () => {
      polls += 1;
      const attempts = await load();
      if (attempts && attempts[0]?.id !== newest) {
        setNotice(`Sent again. ${outcomeOf(attempts[0] as TWebhookAttempt)}.`);
      } else if (polls < RESEND_POLLS) {
        timer.current = setTimeout(() => void poll(), RESEND_POLL_MS);
      }
    };
    timer.current = setTimeout(() => void poll(), RESEND_POLL_MS);
  }

  return (
    <div className={styles.attempts} data-testid="webhook-attempts">
      <p className={clsx(pageStyles.small, pageStyles.muted)} role="status">
        {notice}
      </p>
      <SectionLoadState state={state} what="recent attempts" onRetry={() => void load()} />
      {state.phase === 'ready' && state.attempts.length === 0 && (
        <p className={pageStyles.muted}>Nothing has been sent to this endpoint yet.</p>
      )}
      {state.phase === 'ready' && state.attempts.length > 0 && (
        <ol className={styles.attemptList} aria-label="Recent attempts, newest first">
          {state.attempts.map((attempt) => (
            <li key={attempt.id} className={styles.attempt} data-testid="webhook-attempt">
              <div>
                <p>
                  <strong>{WEBHOOK_MESSAGE_LABELS[attempt.event]}</strong> · {formatMoment(attempt.at)}
                  {TRIGGER_NOTES[attempt.trigger]}
                </p>
                <p className={clsx(pageStyles.small, attempt.succeeded ? styles.ok : styles.failed)}>
                  {outcomeOf(attempt)}
                </p>
              </div>
              <button
                type="button"
                className={buttonStyles.btn}
                disabled={!enabled || resending !== null}
                onClick={() => void resend(attempt)}
                aria-label={`Resend ${WEBHOOK_MESSAGE_LABELS[attempt.event]} of ${formatMoment(attempt.at)}`}
              >
                {resending === attempt.id ? 'Sending...' : 'Resend'}
              </button>
            </li>
          ))}
        </ol>
      )}
      {state.phase === 'ready' && state.nextCursor !== null && (
        <div>
          <button
            type="button"
            className={buttonStyles.btn}
            disabled={loadingOlder}
            onClick={() => void showOlder(state.nextCursor as string)}
          >
            {loadingOlder ? 'Loading...' : 'Show older attempts'}
          </button>
        </div>
      )}
    </div>
  );
}
