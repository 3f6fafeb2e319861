import { LIMITS, Messages, normalizeConfirmationCode, validateConfirmationCode } from '@signalroom/shared';
import { clsx } from 'clsx';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import { FormAlert, TextField } from '../../components/public/form-field.js';
import publicStyles from '../../components/public/public-page.module.css';
import { SubmitButton } from '../../components/public/submit-button.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import { markCodeSent, resendSecondsLeft } from './pending-email.js';

/** Step 3 of sign-up: enter the e-mailed code; resend with a 60 s cooldown. */
export function CheckEmail({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const navigate = useNavigate();
  const setSession = useSessionStore((s) => s.setSession);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [resend, setResend] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  // The countdown runs from the moment the code was sent (the registration, or the last resend).
  const [cooldown, setCooldown] = useState(() => resendSecondsLeft(LIMITS.resendCooldownSeconds));

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    const invalid = validateConfirmationCode(code);
    setError(invalid ?? '');
    if (invalid) return;
    setBusy(true);
    try {
      const answer = await api.auth.confirmCode({ body: { email, confirmationCode: code } });
      if (answer.ok) {
        setSession(answer.data.token, answer.data.user, answer.data.deviceToken);
        onConfirmed();
        navigate('/dashboard');
        return;
      }
      setError(shownMessage(answer, Messages.signup.networkError));
    } finally {
      setBusy(false);
    }
  }

  async function resendEmail() {
    setSending(true);
    setResend(null);
    try {
      const answer = await api.auth.resendWelcomeEmail({ body: { email } });
      if (answer.ok) {
        setResend({ kind: 'success', text: Messages.confirmation.resendSuccess });
        markCodeSent(email);
        setCooldown(LIMITS.resendCooldownSeconds);
      } else {
        setResend({ kind: 'error', text: shownMessage(answer, Messages.confirmation.resendFailedRetry) });
        if (answer.retryAfterSeconds) setCooldown(answer.retryAfterSeconds);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={publicStyles.center}>
      <span className={authLayoutStyles.stateIcon}>
        <MailCheck size={28} aria-hidden="true" />
      </span>
      <span className={publicStyles.eyebrow}>Step 3 of 3</span>
      <h1 style={{ marginTop: '0.5rem' }}>Check your email</h1>
      <p className={authLayoutStyles.lead}>
        We sent a {LIMITS.confirmationCodeLength}-character confirmation code to <strong>{email}</strong>. Enter it
        below to activate your account.
      </p>
      <form className={formStyles.form} onSubmit={confirm} noValidate style={{ textAlign: 'left' }}>
        <TextField
          id="confirmationCode"
          label="Confirmation code"
          className={clsx(formStyles.input, formStyles.codeInput)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={LIMITS.confirmationCodeLength}
          value={code}
          onChange={(e) => {
            setCode(normalizeConfirmationCode(e.target.value));
            if (error) setError('');
          }}
          error={error}
        />
        <SubmitButton busy={busy} busyText="Confirming..." disabled={code.length !== LIMITS.confirmationCodeLength}>
          Confirm Email
        </SubmitButton>
      </form>
      <div style={{ marginTop: '1.5rem', display: 'grid', gap: '0.75rem' }}>
        <p className={clsx(publicStyles.muted, publicStyles.small)} style={{ margin: 0 }}>
          Didn't get it? Check your spam folder, or send a new code.
        </p>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnBlock)}
          onClick={resendEmail}
          disabled={sending || cooldown > 0}
        >
          {sending ? 'Sending...' : cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend Code'}
        </button>
        {resend ? <FormAlert kind={resend.kind}>{resend.text}</FormAlert> : null}
      </div>
    </div>
  );
}
