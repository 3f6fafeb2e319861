import { Messages, validateForgotPasswordEmail } from '@signalroom/shared';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { authApi } from '../../api/auth.api.js';
import { shownMessage } from '../../api/client.js';
import { AuthLayout } from '../../components/public/auth-layout.js';
import { TextField } from '../../components/public/form-field.js';
import { SubmitButton } from '../../components/public/submit-button.js';

type Status = 'idle' | 'sending' | 'error' | 'success';

/** Forgot password: idle, sending, then error or success; Try again returns to the form (spec section 4). */
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
    const answer = await authApi.forgotPassword(email.trim());
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
        <div className="center">
          <span className="state-icon ok">
            <MailCheck size={28} aria-hidden="true" />
          </span>
          <h1>Check your email</h1>
          <p className="lead" role="status">
            {message || 'If an account exists for this email, a password reset link has been sent.'}
          </p>
          <button type="button" className="btn btn-block" onClick={() => setStatus('idle')}>
            Try again
          </button>
          <p className="auth-links">
            <Link to="/login">Back to login</Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <h1>Forgot your password?</h1>
      <p className="lead">Enter your e-mail and we will send you a link to set a new one.</p>
      <form className="form" onSubmit={submit} noValidate>
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
      <p className="auth-links">
        <span>
          Remembered it? <Link to="/login">Back to login</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
