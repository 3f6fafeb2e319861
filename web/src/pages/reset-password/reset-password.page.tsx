import { isWellFormedResetToken, Messages, TIMING, validateResetPassword } from '@signalroom/shared';
import { clsx } from 'clsx';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import { AuthLayout } from '../../components/public/auth-layout.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import { FormAlert, PasswordField } from '../../components/public/form-field.js';
import { PasswordStrength } from '../../components/public/password-strength.js';
import publicStyles from '../../components/public/public-page.module.css';
import { SubmitButton } from '../../components/public/submit-button.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import textStyles from '../../components/ui/text.module.css';

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
    void api.auth.verifyResetToken({ body: { token } }).then((answer) => {
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
      const answer = await api.auth.resetPassword({ body: { token, newPassword: password } });
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
        <div className={publicStyles.center} role="status" aria-live="polite">
          <span className={authLayoutStyles.stateIcon}>
            <Loader2 size={28} className={textStyles.spin} aria-hidden="true" />
          </span>
          <h1>Verifying your reset link...</h1>
          <p className={authLayoutStyles.lead}>This takes a moment.</p>
        </div>
      </AuthLayout>
    );
  }

  if (phase === 'invalid') {
    return (
      <AuthLayout>
        <div className={publicStyles.center}>
          <span className={clsx(authLayoutStyles.stateIcon, authLayoutStyles.bad)}>
            <XCircle size={28} aria-hidden="true" />
          </span>
          <h1>Link not valid</h1>
          <p className={authLayoutStyles.lead} role="alert">
            {Messages.resetPassword.invalidLink}
          </p>
          {invalidReason && invalidReason !== Messages.resetPassword.invalidLink ? (
            <p className={clsx(publicStyles.muted, publicStyles.small)}>{invalidReason}</p>
          ) : null}
          <Link
            to="/forgot-password"
            className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnBlock)}
          >
            Request New Link
          </Link>
          <p className={authLayoutStyles.authLinks}>
            <Link to="/login">Back to login</Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  if (phase === 'done') {
    return (
      <AuthLayout>
        <div className={publicStyles.center} role="status">
          <span className={clsx(authLayoutStyles.stateIcon, authLayoutStyles.ok)}>
            <CheckCircle2 size={28} aria-hidden="true" />
          </span>
          <h1>Password reset</h1>
          <p className={authLayoutStyles.lead}>{doneMessage || 'Your password has been reset.'}</p>
          <p className={clsx(publicStyles.muted, publicStyles.small)}>Taking you to the login page in 3 seconds...</p>
          <Link to="/login" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnBlock)}>
            Go to login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <h1>Set a new password</h1>
      <p className={authLayoutStyles.lead}>{email ? <>For {email}.</> : 'Choose a new password for your account.'}</p>
      <form className={formStyles.form} onSubmit={submit} noValidate>
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
      <p className={authLayoutStyles.authLinks}>
        <Link to="/login">Back to login</Link>
        <Link to="/forgot-password">Request a new link</Link>
      </p>
    </AuthLayout>
  );
}
