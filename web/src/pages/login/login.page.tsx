import { Messages, validateLogin } from '@signalroom/shared';
import { clsx } from 'clsx';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import { AuthLayout } from '../../components/public/auth-layout.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import { PasswordField, TextField } from '../../components/public/form-field.js';
import publicStyles from '../../components/public/public-page.module.css';
import { SubmitButton } from '../../components/public/submit-button.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import { PENDING_EMAIL_KEY } from '../signup/pending-email.js';

/** Login: success stores token and user and goes to /dashboard. */
export function Component() {
  const navigate = useNavigate();
  const setSession = useSessionStore((s) => s.setSession);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** Set when the account exists but its e-mail is not confirmed yet: offer the code step. */
  const [unconfirmed, setUnconfirmed] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateLogin({ email, password });
    setError(invalid ?? '');
    setUnconfirmed(false);
    if (invalid) return;
    setBusy(true);
    try {
      // The device token an earlier login on this browser returned: its logins pass the account lock.
      const deviceToken = useSessionStore.getState().deviceToken;
      const answer = await api.auth.login({
        body: { email: email.trim(), password, ...(deviceToken ? { deviceToken } : {}) },
      });
      if (answer.ok) {
        setSession(answer.data.token, answer.data.user, answer.data.deviceToken);
        navigate('/dashboard');
        return;
      }
      setError(shownMessage(answer, Messages.login.failedRetry));
      setUnconfirmed(answer.status === 'forbidden');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      <h1>Welcome back</h1>
      <p className={authLayoutStyles.lead}>Log in to your Command Center.</p>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'login-error' : undefined}
        />
        <PasswordField
          id="password"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'login-error' : undefined}
        />
        <p style={{ margin: 0, textAlign: 'right' }} className={publicStyles.small}>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        {error ? (
          <p className={clsx(formStyles.alert, formStyles.alertError)} role="alert" id="login-error">
            {error}
          </p>
        ) : null}
        {unconfirmed ? (
          <button
            type="button"
            className={clsx(buttonStyles.btn, buttonStyles.btnBlock)}
            onClick={() => {
              sessionStorage.setItem(PENDING_EMAIL_KEY, email.trim());
              navigate('/signup');
            }}
          >
            Enter Confirmation Code
          </button>
        ) : null}
        <SubmitButton busy={busy} busyText="Logging in...">
          Log In
        </SubmitButton>
      </form>
      <p className={authLayoutStyles.authLinks}>
        <span>
          New here? <Link to="/signup">Create an account</Link>
        </span>
        <Link to="/">Back to home</Link>
      </p>
    </AuthLayout>
  );
}
