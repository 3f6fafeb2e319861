import { PAGES, SetupMessages, validateFirstAdmin } from '@signalroom/shared';
import { clsx } from 'clsx';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import { AuthLayout } from '../../components/public/auth-layout.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import { FormAlert, PasswordField, TextField } from '../../components/public/form-field.js';
import { PasswordStrength } from '../../components/public/password-strength.js';
import publicStyles from '../../components/public/public-page.module.css';
import { SubmitButton } from '../../components/public/submit-button.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import textStyles from '../../components/ui/text.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import { OfferEditor } from '../admin-content/offer-editor.js';
import { ReviewsEditor } from '../admin-content/reviews-editor.js';
import { useAdminContent } from '../admin-content/use-admin-content.js';
import { BusinessSettingsForm } from '../admin-settings/business-settings-form.js';
import { useBusinessSettings } from '../admin-settings/use-business-settings.js';
import styles from './setup.module.css';

type Phase = 'checking' | 'invalid' | 'expired' | 'account' | 'business' | 'landing' | 'done';

const STEPS = ['Admin account', 'Business details', 'Landing page'] as const;

function StepLabel({ index }: { index: number }) {
  return (
    <span className={publicStyles.eyebrow} data-testid="setup-step">
      Step {index + 1} of {STEPS.length}: {STEPS[index]}
    </span>
  );
}

/**
 * First-run setup (/setup?token=…): with the link the server printed while no admin existed, creates
 * the first admin, then walks through the business's details and the landing page's offer and reviews.
 * Everything here can be changed later on the admin Settings screen.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [phase, setPhase] = useState<Phase>('checking');

  useEffect(() => {
    let cancelled = false;
    if (!token) {
      setPhase('invalid');
      return;
    }
    void api.setup.status({ body: { token } }).then((answer) => {
      if (cancelled) return;
      if (answer.ok && answer.data.tokenValid) setPhase('account');
      else setPhase(answer.ok && answer.data.expired ? 'expired' : 'invalid');
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (phase === 'checking') {
    return (
      <AuthLayout>
        <div className={publicStyles.center} role="status" aria-live="polite">
          <span className={authLayoutStyles.stateIcon}>
            <Loader2 size={28} className={textStyles.spin} aria-hidden="true" />
          </span>
          <h1>Verifying the setup link...</h1>
        </div>
      </AuthLayout>
    );
  }
  if (phase === 'invalid' || phase === 'expired') {
    return (
      <AuthLayout>
        <div className={publicStyles.center} data-testid="setup-invalid">
          <span className={clsx(authLayoutStyles.stateIcon, authLayoutStyles.bad)}>
            <XCircle size={28} aria-hidden="true" />
          </span>
          <h1>{phase === 'expired' ? 'Link expired' : 'Link not valid'}</h1>
          <p className={authLayoutStyles.lead} role="alert">
            {phase === 'expired'
              ? SetupMessages.linkExpired
              : token
                ? SetupMessages.linkSpent
                : SetupMessages.tokenRequired}
          </p>
          <Link
            to={PAGES.login.path}
            className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnBlock)}
          >
            Go to login
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (phase === 'account') return <AccountStep token={token} onCreated={() => setPhase('business')} />;
  if (phase === 'business') return <BusinessStep onNext={() => setPhase('landing')} />;
  if (phase === 'landing') return <LandingStep onNext={() => setPhase('done')} />;
  return (
    <AuthLayout>
      <div className={publicStyles.center} role="status" data-testid="setup-done">
        <span className={clsx(authLayoutStyles.stateIcon, authLayoutStyles.ok)}>
          <CheckCircle2 size={28} aria-hidden="true" />
        </span>
        <h1>Setup finished</h1>
        <p className={authLayoutStyles.lead}>
          Everything you entered can be changed on the admin Settings screen. The overview lists what is still missing.
        </p>
        <Link
          to={PAGES['admin-overview'].path}
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnBlock)}
        >
          Open the admin overview
        </Link>
      </div>
    </AuthLayout>
  );
}

/** Step 1: the first admin, by sign-up's rules; the e-mail counts as confirmed. */
function AccountStep({ token, onCreated }: { token: string; onCreated(): void }) {
  const setSession = useSessionStore((s) => s.setSession);
  const [form, setForm] = useState({ fullName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError('');
    const found = validateFirstAdmin(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await api.setup.createAdmin({
        body: { token, fullName: form.fullName.trim(), email: form.email.trim(), password: form.password },
      });
      if (answer.ok) {
        setSession(answer.data.token, answer.data.user, answer.data.deviceToken);
        onCreated();
        return;
      }
      if (Object.keys(answer.fields).length) setErrors(answer.fields);
      setFormError(shownMessage(answer, 'The admin account could not be created.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      <StepLabel index={0} />
      <h1 style={{ marginTop: '0.5rem' }}>Create the first admin</h1>
      <p className={authLayoutStyles.lead}>
        No admin exists yet. This account runs the business: it reviews members, sets the contacts and sees the audit
        log.
      </p>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          id="setup-fullName"
          label="Full name"
          autoComplete="name"
          value={form.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
        />
        <TextField
          id="setup-email"
          label="Email address"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <PasswordField
          id="setup-password"
          label="Password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        >
          <PasswordStrength password={form.password} id="setup-password-strength" />
        </PasswordField>
        {formError ? <FormAlert kind="error">{formError}</FormAlert> : null}
        <SubmitButton busy={busy} busyText="Creating...">
          Create admin account
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}

/** Step 2: the business's details (the Settings screen's form). */
function BusinessStep({ onNext }: { onNext(): void }) {
  const business = useBusinessSettings();
  return (
    <AuthLayout wide>
      <StepLabel index={1} />
      <h1 style={{ marginTop: '0.5rem' }}>Your business</h1>
      <p className={authLayoutStyles.lead}>
        What members see: leave a contact empty and the product hides what depends on it instead of showing a dead end.
      </p>
      {business.state.status === 'loading' && <p role="status">Loading the settings...</p>}
      {business.state.status === 'error' && <FormAlert kind="error">{business.state.message}</FormAlert>}
      {business.state.status === 'ready' && (
        <BusinessSettingsForm
          entry={business.state.data}
          saveLabel="Save and continue"
          onSaved={(answer) => {
            business.saved(answer);
            if (answer.ok) onNext();
          }}
        />
      )}
      <SkipRow onSkip={onNext} />
    </AuthLayout>
  );
}

/** Step 3: the landing page's offer text and reviews (the Content screen's editors). */
function LandingStep({ onNext }: { onNext(): void }) {
  const content = useAdminContent();
  return (
    <AuthLayout wide>
      <StepLabel index={2} />
      <h1 style={{ marginTop: '0.5rem' }}>Your landing page</h1>
      <p className={authLayoutStyles.lead}>
        The offer visitors read, and reviews from real members. With no review published, the Reviews section is hidden.
      </p>
      {content.state.status === 'loading' && <p role="status">Loading the content...</p>}
      {content.state.status === 'error' && <FormAlert kind="error">{content.state.message}</FormAlert>}
      {content.state.status === 'ready' && (
        <div className={styles.editors}>
          <OfferEditor entry={content.state.data.offer} onSaved={content.saved} />
          <ReviewsEditor entry={content.state.data.reviews} onSaved={content.saved} />
        </div>
      )}
      <div className={styles.nextRow}>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          onClick={onNext}
          data-testid="setup-finish"
        >
          Finish setup
        </button>
      </div>
    </AuthLayout>
  );
}

function SkipRow({ onSkip }: { onSkip(): void }) {
  return (
    <div className={styles.nextRow}>
      <button type="button" className={buttonStyles.linkBtn} onClick={onSkip}>
        Skip for now (set it later on Settings)
      </button>
    </div>
  );
}
