import {
  COUNTRIES,
  isSignupSubmittable,
  Messages,
  type SignupFields,
  signupProgress,
  validateSignup,
} from '@signalroom/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import { FormAlert, PasswordField, SelectField, TextField } from '../../components/public/form-field.js';
import { PasswordStrength } from '../../components/public/password-strength.js';
import publicStyles from '../../components/public/public-page.module.css';
import { SubmitButton } from '../../components/public/submit-button.js';
import formStyles from '../../components/ui/form.module.css';

const EMPTY: SignupFields = { fullName: '', email: '', phone: '', country: '', telegram: '', password: '' };

/** Step 2 of sign-up: the application form, its field rules and the messages under the fields. */
export function SignupForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [form, setForm] = useState<SignupFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof SignupFields, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const progress = signupProgress(form);

  const set = (field: keyof SignupFields) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError('');
    const found = validateSignup(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await api.auth.register({
        body: {
          fullName: form.fullName.trim(),
          email: form.email.trim(),
          phone: form.phone.trim(),
          country: form.country,
          telegram: form.telegram?.trim() ? form.telegram.trim() : null,
          password: form.password,
        },
      });
      if (answer.ok) {
        onRegistered(form.email.trim());
        return;
      }
      if (Object.keys(answer.fields).length) setErrors(answer.fields as typeof errors);
      setFormError(shownMessage(answer, Messages.signup.networkError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <span className={publicStyles.eyebrow}>Step 2 of 3</span>
      <h1 style={{ marginTop: '0.5rem' }}>Create your account</h1>
      <p className={authLayoutStyles.lead}>Fill in your details. We will e-mail you a confirmation code.</p>
      <div style={{ marginBottom: '1.5rem' }}>
        <div className={formStyles.progressRow}>
          <span id="signup-progress-label">Application progress</span>
          <span>
            {progress.filled}/{progress.total}
          </span>
        </div>
        <div
          className={formStyles.progress}
          role="progressbar"
          aria-labelledby="signup-progress-label"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.filled}
        >
          <span style={{ width: `${(progress.filled / progress.total) * 100}%` }} />
        </div>
      </div>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <fieldset>
          <legend>Personal Information</legend>
          <TextField
            id="fullName"
            label="Full name"
            autoComplete="name"
            value={form.fullName}
            onChange={set('fullName')}
            error={errors.fullName}
          />
          <TextField
            id="email"
            label="Email address"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            error={errors.email}
          />
        </fieldset>
        <fieldset>
          <legend>Location &amp; Contact</legend>
          <div className={formStyles.twoCol}>
            <TextField
              id="phone"
              label="Phone number"
              type="tel"
              autoComplete="tel"
              placeholder="801 234 5678"
              value={form.phone}
              onChange={set('phone')}
              error={errors.phone}
            />
            <SelectField
              id="country"
              label="Country"
              value={form.country}
              onChange={set('country')}
              error={errors.country}
            >
              <option value="">Select your country</option>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField
            id="telegram"
            label="Telegram username"
            optional
            placeholder="@username"
            value={form.telegram ?? ''}
            onChange={set('telegram')}
            error={errors.telegram}
          />
        </fieldset>
        <fieldset>
          <legend>Account Security</legend>
          <PasswordField
            id="password"
            label="Password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
          >
            <PasswordStrength password={form.password} id="password-strength" />
          </PasswordField>
        </fieldset>
        {formError ? <FormAlert kind="error">{formError}</FormAlert> : null}
        <SubmitButton busy={busy} busyText="Creating account..." disabled={!isSignupSubmittable(form)}>
          Create Account
        </SubmitButton>
      </form>
      <p className={authLayoutStyles.authLinks}>
        <span>
          Already have an account? <Link to="/login">Log in</Link>
        </span>
      </p>
    </>
  );
}
