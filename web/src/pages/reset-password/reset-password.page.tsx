import { isWellFormedResetToken, Messages, TIMING, validateResetPassword } from '@signalroom/shared';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth.api.js';
import { shownMessage } from '../../api/client.js';
import { AuthLayout } from '../../components/public/auth-layout.js';
import { FormAlert, PasswordField } from '../../components/public/form-field.js';
import { PasswordStrength } from '../../components/public/password-strength.js';
import { SubmitButton } from '../../components/public/submit-button.js';

type Phase = 'verifying' | 'invalid' | 'form' | 'done';

/** Reset password: verifying, then invalid or the form; success redirects to /login after 3 s. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('verifying');
  const [invalidReason, setInvalidReason] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [doneMessage, setDoneMessage] = useState('');

  useEffect(() => {
    let cancelled = false;
    if (!token) {
      setInvalidReason(Messages.resetPassword.invalidOrMissingToken);
      setPhase('invalid');
      return;
    }
    // A token the server cannot have issued (a cut or mistyped link) is invalid without a request.
    if (!isWellFormedResetToken(token)) {
      setInvalidReason(Messages.resetPassword.invalidOrExpiredToken);
      setPhase('invalid');
      return;
    }
    void authApi.verifyResetToken(token).then((answer) => {
      if (cancelled) return;
      if (answer.ok) {
        setEmail(answer.data.email);
        setPhase('form');
      } else {
        setInvalidReason(shownMessage(answer, Messages.resetPassword.verifyFailed));
        setPhase('invalid');
      }
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => navigate('/login'), TIMING.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateResetPassword({ token, newPassword: password, confirmPassword: confirm });
    setError(invalid ?? '');
    if (invalid || !token) return;
    setBusy(true);
    try {
      const answer = await authApi.resetPassword(token, password);
      if (answer.ok) {
        setDoneMessage(answer.message);
        setPhase('done');
      } else setError(shownMessage(answer, Messages.resetPassword.unexpected));
    } finally {
      setBusy(false);
    }
  }

  if (phase === 'verifying') {
    return (
      <AuthLayout>
        <div className="center" role="status" aria-live="polite">
          <span className="state-icon">
            <Loader2 size={28} className="spin" aria-hidden="true" />
          </span>
          <h1>Verifying your reset link...</h1>
          <p className="lead">This takes a moment.</p>
        </div>
      </AuthLayout>
    );
  }

  if (phase === 'invalid') {
    return (
      <AuthLayout>
        <div className="center">
          <span className="state-icon bad">
            <XCircle size={28} aria-hidden="true" />
          </span>
          <h1>Link not valid</h1>
          <p className="lead" role="alert">
            {Messages.resetPassword.invalidLink}
          </p>
          {invalidReason && invalidReason !== Messages.resetPassword.invalidLink ? (
            <p className="muted small">{invalidReason}</p>
          ) : null}
          <Link to="/forgot-password" className="btn btn-primary btn-block">
            Request New Link
          </Link>
          <p className="auth-links">
            <Link to="/login">Back to login</Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  if (phase === 'done') {
    return (
      <AuthLayout>
        <div className="center" role="status">
          <span className="state-icon ok">
            <CheckCircle2 size={28} aria-hidden="true" />
          </span>
          <h1>Password reset</h1>
          <p className="lead">{doneMessage || 'Your password has been reset.'}</p>
          <p className="muted small">Taking you to the login page in 3 seconds...</p>
          <Link to="/login" className="btn btn-primary btn-block">
            Go to login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <h1>Set a new password</h1>
      <p className="lead">{email ? <>For {email}.</> : 'Choose a new password for your account.'}</p>
      <form className="form" onSubmit={submit} noValidate>
        <PasswordField
          id="newPassword"
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={Messages.resetPassword.hint}
        >
          {/* The new password follows the sign-up rules, so it shows the sign-up form's strength bars. */}
          <PasswordStrength password={password} id="new-password-strength" />
        </PasswordField>
        <PasswordField
          id="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        <SubmitButton busy={busy} busyText="Resetting...">
          Reset Password
        </SubmitButton>
      </form>
      <p className="auth-links">
        <Link to="/login">Back to login</Link>
        <Link to="/forgot-password">Request a new link</Link>
      </p>
    </AuthLayout>
  );
}
