import { clsx } from 'clsx';
import { ArrowRight, BarChart3, Clock, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../components/public/auth-layout.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import publicStyles from '../../components/public/public-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import { CheckEmail } from './check-email.js';
import { markCodeSent, PENDING_EMAIL_KEY, readPendingEmail } from './pending-email.js';
import { SignupForm } from './signup-form.js';

/** Sign-up in three steps: intro, application form, check-your-email. */
export function Component() {
  const [pendingEmail, setPendingEmail] = useState<string | null>(readPendingEmail);
  const [step, setStep] = useState<1 | 2 | 3>(pendingEmail ? 3 : 1);

  if (step === 3 && pendingEmail) {
    return (
      <AuthLayout>
        <CheckEmail
          email={pendingEmail}
          onConfirmed={() => {
            sessionStorage.removeItem(PENDING_EMAIL_KEY);
          }}
        />
        <p className={authLayoutStyles.authLinks}>
          <button
            type="button"
            className={buttonStyles.linkBtn}
            onClick={() => {
              sessionStorage.removeItem(PENDING_EMAIL_KEY);
              setPendingEmail(null);
              setStep(2);
            }}
          >
            Use a different e-mail
          </button>
        </p>
      </AuthLayout>
    );
  }

  if (step === 2) {
    return (
      <AuthLayout wide>
        <SignupForm
          onRegistered={(email) => {
            markCodeSent(email);
            setPendingEmail(email);
            setStep(3);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <span className={publicStyles.eyebrow}>Step 1 of 3</span>
      <h1 style={{ marginTop: '0.5rem' }}>Apply for free access</h1>
      <p className={authLayoutStyles.lead}>Takes about two minutes. Here is what happens next:</p>
      <ul className={publicStyles.checkList} style={{ marginBottom: '1.75rem' }}>
        <li>
          <Clock size={16} aria-hidden="true" /> Fill in a short application form.
        </li>
        <li>
          <ShieldCheck size={16} aria-hidden="true" /> Confirm your e-mail with the code we send you.
        </li>
        <li>
          <BarChart3 size={16} aria-hidden="true" /> Enter the Command Center and start your 24-hour trial.
        </li>
      </ul>
      <button
        type="button"
        className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnLg, buttonStyles.btnBlock)}
        onClick={() => setStep(2)}
      >
        Start Application <ArrowRight size={18} aria-hidden="true" />
      </button>
      <p className={authLayoutStyles.authLinks}>
        <span>
          Already a member? <Link to="/login">Log in</Link>
        </span>
        <Link to="/">Back to home</Link>
      </p>
    </AuthLayout>
  );
}
