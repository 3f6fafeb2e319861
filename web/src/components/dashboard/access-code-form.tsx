import { AuthMessages } from '@signalroom/shared';
import { clsx } from 'clsx';
import { KeyRound, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import * as api from '../../api/api.js';
import { useSessionStore } from '../../stores/session.store.js';
import buttonStyles from '../ui/button.module.css';
import styles from './access-code-form.module.css';
import pageStyles from './dashboard-page.module.css';

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string } | { kind: 'done' };

/**
 * 'Have an access code?': redeems the one-time dashboard code an admin issued for this member. Success
 * replaces the stored user at once (the dashboard unlocks without a reload); the member's other open
 * sessions follow through the socket's `account:update`.
 */
export function AccessCodeForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [code, setCode] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind === 'sending') return;
    if (!code.trim()) {
      setPhase({ kind: 'error', message: AuthMessages.dashboardCodeRequired });
      return;
    }
    setPhase({ kind: 'sending' });
    const result = await api.auth.validateDashboardCode({ body: { dashboardCode: code.trim() } });
    if (result.ok) {
      useSessionStore.getState().setUser(result.data.user);
      setCode('');
      setPhase({ kind: 'done' });
      return;
    }
    // A dead session is handled once for every call (api/client.ts).
    if (result.status === 'unauthorized') return;
    setPhase({ kind: 'error', message: result.message });
  }

  const error = phase.kind === 'error' ? phase.message : null;
  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      noValidate
      data-testid="access-code-form"
    >
      <Heading id={`${id}-title`} className={styles.title}>
        <KeyRound aria-hidden="true" size={18} /> Have an access code?
      </Heading>
      <p className={clsx(pageStyles.muted, pageStyles.small)}>
        If support gave you a dashboard code, enter it here to unlock your dashboard.
      </p>
      <label htmlFor={`${id}-code`} className={styles.label}>
        Dashboard code
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-code`}
          className={styles.input}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (phase.kind === 'error') setPhase({ kind: 'idle' });
          }}
          placeholder="XXXX-XXXX-XXXX"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="submit"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          disabled={phase.kind === 'sending'}
        >
          {phase.kind === 'sending' ? (
            <>
              <Loader2 aria-hidden="true" size={16} className={styles.spin} /> Checking...
            </>
          ) : (
            'Unlock'
          )}
        </button>
      </div>
      <p id={`${id}-error`} className={styles.error} role="alert" data-testid="access-code-error">
        {error}
      </p>
      {phase.kind === 'done' && (
        <p className={styles.success} role="status" data-testid="access-code-success">
          {AuthMessages.dashboardUnlocked}. Welcome aboard!
        </p>
      )}
    </form>
  );
}
