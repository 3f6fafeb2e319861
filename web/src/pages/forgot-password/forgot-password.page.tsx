import { Messages, validateForgotPasswordEmail } from '@signalroom/shared';
import { clsx } from 'clsx';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import { AuthLayout } from '../../components/public/auth-layout.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import { TextField } from '../../components/public/form-field.js';
import publicStyles from '../../components/public/public-page.module.css';
import { SubmitButton } from '../../components/public/submit-button.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';

type Status = 'idle' | 'sending' | 'error' | 'success';

/** Forgot password: idle, sending, then error or success; Try again returns to the form. */
export function Component() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateForgotPasswordEmail(email);
    if (invalid) {
      setStatus('error');
      setMessage(invalid);
      return;
    }
    setStatus('sending');
    setMessage('');
    const answer = await api.auth.forgotPassword({ body: { email: email.trim() } });
    if (answer.ok) {
      setStatus('success');
      setMessage(answer.message);
      setEmail('');
    } else {
      setStatus('error');
      setMessage(shownMessage(answer, Messages.forgotPassword.unexpected));
    }
  }

  if (status === 'success') {
    return (
      <AuthLayout>
        <div className={publicStyles.center}>
          <span className={clsx(authLayoutStyles.stateIcon, authLayoutStyles.ok)}>
            <MailCheck size={28} aria-hidden="true" />
          </span>
          <h1>Check your email</h1>
          <p className={authLayoutStyles.lead} role="status">
            {message || 'If an account exists for this email, a password reset link has been sent.'}
          </p>
          <button
            type="button"
            className={clsx(buttonStyles.btn, buttonStyles.btnBlock)}
            onClick={() => setStatus('idle')}
          >
            Try again
          </button>
          <p className={authLayoutStyles.authLinks}>
            <Link to="/login">Back to login</Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <h1>Forgot your password?</h1>
      <p className={authLayoutStyles.lead}>Enter your e-mail and we will send you a link to set a new one.</p>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (status === 'error') setStatus('idle');
          }}
          error={status === 'error' ? message : undefined}
        />
        <SubmitButton busy={status === 'sending'} busyText="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
      <p className={authLayoutStyles.authLinks}>
        <span>
          Remembered it? <Link to="/login">Back to login</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
