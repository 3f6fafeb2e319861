import {
  ACCESS_PATH_LABELS,
  ACCESS_PATHS,
  type AccessPath,
  ActivationMessages,
  minimumDepositFor,
  PROMO_MIN_DEPOSIT_USD,
  type TPublicConfig,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { ArrowLeft, ExternalLink, MessageCircle, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ContactGate, useContactShown } from '../../components/contacts/operator-contact.js';
import { AccessCodeForm } from '../../components/dashboard/access-code-form.js';
import { ActivationStatus } from '../../components/dashboard/activation-status.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { TextField } from '../../components/public/form-field.js';
import { SubmitButton } from '../../components/public/submit-button.js';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import { useActivationStore } from '../../stores/activation.store.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import setupStyles from './account-setup.module.css';
import styles from './proof-upload.module.css';
import { ProofUploadForm } from './proof-upload-form.js';
import type { AccountSetup } from './use-account-setup.js';

interface StepProps {
  setup: AccountSetup;
  config: TPublicConfig | null;
}

function onSubmit(action: () => Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void action();
  };
}

/** Step 1: register with the partner broker, then enter the broker account ID (required). */
export function CreateAccountStep({ setup, config }: StepProps) {
  return (
    <form className={setupStyles.setupForm} onSubmit={onSubmit(setup.submitAccount)} aria-busy={setup.saving}>
      <p>Open your trading account with our partner broker. The account and its funds stay yours.</p>
      {config ? (
        <>
          <ContactGate contact="brokerRegistration">
            <a
              className={clsx(buttonStyles.btn, setupStyles.setupBrokerLink)}
              href={config.brokerRegistrationUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="broker-link"
            >
              <ExternalLink aria-hidden="true" size={18} /> Open partner broker registration
              <span className={textStyles.srOnly}> (opens in a new tab)</span>
            </a>
          </ContactGate>
          {config.promoCode && (
            <p className={pageStyles.notice} data-testid="promo-note">
              Use promo code <strong className={setupStyles.setupCode}>{config.promoCode}</strong> for the broker's 100%
              deposit bonus on deposits of ${PROMO_MIN_DEPOSIT_USD} or more.
            </p>
          )}
        </>
      ) : (
        <ConfigPending />
      )}
      <TextField
        id="setup-broker-account"
        label="Broker account ID"
        hint="The account number shown in your broker's dashboard after registration."
        value={setup.brokerAccount}
        onChange={(e) => setup.setBrokerAccount(e.target.value)}
        required
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
      />
      <div className={setupStyles.setupActions}>
        <SubmitButton busy={setup.saving} busyText="Saving..." disabled={!setup.canContinueAccount}>
          Continue
        </SubmitButton>
      </div>
    </form>
  );
}

const PATH_NOTES: Record<AccessPath, string> = {
  manual: 'You place trades yourself from the signals.',
  auto: 'Trades are copied to your account automatically.',
};

/** Step 2: choose the access path and enter the deposit amount (the input's min follows the path). */
export function FundAccountStep({ setup }: StepProps) {
  const min = minimumDepositFor(setup.accessPath);
  return (
    <form className={setupStyles.setupForm} onSubmit={onSubmit(setup.submitFunding)} aria-busy={setup.saving}>
      <p>Fund your own broker account, then tell us which access you chose and how much you deposited.</p>
      <fieldset className={setupStyles.setupPaths}>
        <legend>Access path</legend>
        {ACCESS_PATHS.map((path) => (
          <label
            key={path}
            className={clsx(setupStyles.setupPath, setup.accessPath === path && setupStyles.isSelected)}
          >
            <input
              type="radio"
              name="accessPath"
              value={path}
              checked={setup.accessPath === path}
              onChange={() => setup.setAccessPath(path)}
            />
            <span className={setupStyles.setupPathBody}>
              <span className={setupStyles.setupPathTitle}>
                {ACCESS_PATH_LABELS[path]}
                {path === 'auto' && <span className={setupStyles.setupBadge}>Recommended</span>}
              </span>
              <span className={setupStyles.setupPathMin}>${minimumDepositFor(path)}+ minimum</span>
              <span className={clsx(pageStyles.muted, pageStyles.small)}>{PATH_NOTES[path]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        id="setup-deposit-amount"
        label="Deposit amount (USD)"
        hint={`${ACCESS_PATH_LABELS[setup.accessPath]} needs at least $${min}.`}
        type="number"
        inputMode="decimal"
        min={min}
        step="any"
        placeholder="Minimum $30 or $500"
        value={setup.depositAmount}
        onChange={(e) => setup.setDepositAmount(e.target.value)}
        required
      />
      <div className={setupStyles.setupActions}>
        <button type="button" className={buttonStyles.btn} onClick={setup.back} disabled={setup.saving}>
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </button>
        <SubmitButton busy={setup.saving} busyText="Saving..." disabled={!setup.canContinueFunding}>
          Continue
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * Step 3, Verify & Activate: the activation status, the proof of deposit upload, and the messaging-app
 * contact as the other route to the same admin decision; also a dashboard code field.
 */
export function VerifyStep({ setup, config }: StepProps) {
  return (
    <div className={setupStyles.setupForm}>
      <p>
        Upload a screenshot or statement of your deposit with your broker account ID. An admin checks it and activates
        your access; you see the decision here and by e-mail.
      </p>
      <ProofSection />
      <section className={styles.alternative} aria-labelledby="proof-alt-title">
        <h3 id="proof-alt-title">Prefer the messaging app?</h3>
        <ProofByMessage config={config} />
      </section>
      <section className={styles.alternative} aria-label="Access code">
        <AccessCodeForm headingLevel={3} />
      </section>
      <SavedSummary />
      <div className={setupStyles.setupActions}>
        <button type="button" className={buttonStyles.btn} onClick={setup.back}>
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </button>
        <Link to="/dashboard" className={buttonStyles.btn}>
          Back to the Command Center
        </Link>
      </div>
    </div>
  );
}

/** The status and, when a new proof makes sense, the upload form (behind a button while one is pending or approved). */
function ProofSection() {
  const status = useActivationStore((s) =>
    s.loadStatus === 'ready' ? (s.activation?.status ?? 'none') : s.loadStatus,
  );
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const formWanted = status === 'none' || status === 'rejected' || status === 'error';
  const showForm = formWanted || opened || uploading;
  // After the form appears by request, put the member in it.
  useEffect(() => {
    if (opened) document.getElementById('proof-upload-title')?.focus();
  }, [opened]);
  // The form closes once the proof is taken: keep keyboard focus on the confirmation, not lost on the page.
  useEffect(() => {
    if (sent) document.getElementById('proof-sent')?.focus();
  }, [sent]);

  function uploadAnother() {
    setSent(false);
    setOpened(true);
    document.getElementById('proof-upload-title')?.focus();
  }

  return (
    <>
      <ActivationStatus onUploadAnother={uploadAnother} />
      {sent && (
        <p id="proof-sent" className={styles.success} role="status" tabIndex={-1} data-testid="proof-sent">
          {ActivationMessages.submitted}
        </p>
      )}
      {showForm ? (
        <section className={styles.upload} aria-labelledby="proof-upload-title">
          <h3 id="proof-upload-title" tabIndex={-1}>
            {status === 'rejected' || status === 'pending' || status === 'approved'
              ? 'Upload another proof'
              : 'Upload your proof of deposit'}
          </h3>
          {status === 'pending' && (
            <p className={clsx(pageStyles.muted, pageStyles.small)}>A new proof replaces the one under review.</p>
          )}
          <ProofUploadForm
            fileRef={fileRef}
            onSent={() => {
              setOpened(false);
              setSent(true);
            }}
            onBusyChange={setUploading}
          />
        </section>
      ) : (
        status !== 'loading' &&
        status !== 'idle' && (
          <button
            type="button"
            className={buttonStyles.btn}
            onClick={() => {
              setSent(false);
              setOpened(true);
            }}
          >
            <Upload aria-hidden="true" size={18} /> {status === 'pending' ? 'Replace the proof' : 'Send a new proof'}
          </button>
        )
      )}
    </>
  );
}

/** The manual route: send the proof to support on the messaging app, quoting the member's access code. */
function ProofByMessage({ config }: { config: TPublicConfig | null }) {
  const user = useSessionStore((s) => s.user);
  // Without a support chat there is no second route: the upload above is the way, and nothing points elsewhere.
  const chatShown = useContactShown('supportChat');
  if (!config) return <ConfigPending />;
  if (!chatShown) return null;
  return (
    <>
      <p className={clsx(pageStyles.muted, pageStyles.small)}>
        You can also send the screenshot and your broker account ID to support {config.supportHandle}
        {user ? (
          <>
            {' '}
            and quote your access code <strong className={setupStyles.setupCode}>{user.admissionCode}</strong>
          </>
        ) : null}
        . Support reaches the same decision.
      </p>
      <ContactGate contact="supportChat">
        <a
          className={clsx(buttonStyles.btn, setupStyles.setupBrokerLink)}
          href={config.supportChatUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="proof-link"
        >
          <MessageCircle aria-hidden="true" size={18} /> Send proof to {config.supportHandle}
          <span className={textStyles.srOnly}> (opens in a new tab)</span>
        </a>
      </ContactGate>
    </>
  );
}

/** What the wizard saved on the member's profile. */
function SavedSummary() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return (
    <dl className={setupStyles.setupSummary} data-testid="setup-summary">
      <div>
        <dt>Broker account ID</dt>
        <dd>{user.brokerAccountId ?? 'Not saved yet'}</dd>
      </div>
      <div>
        <dt>Access path</dt>
        <dd>{user.accessPath ? ACCESS_PATH_LABELS[user.accessPath] : 'Not Selected'}</dd>
      </div>
      <div>
        <dt>Deposit amount</dt>
        <dd>{user.depositAmount > 0 ? `$${user.depositAmount.toLocaleString('en-US')}` : 'Not saved yet'}</dd>
      </div>
    </dl>
  );
}

/** Operator links load with the dashboard; say so while they are on the way, or that they failed. */
function ConfigPending() {
  const status = usePublicConfigStore((s) => s.status);
  const load = usePublicConfigStore((s) => s.load);
  if (status === 'error') {
    return (
      <p className={clsx(pageStyles.stateError, setupStyles.setupConfigError)} role="alert">
        Partner and support links could not be loaded.{' '}
        <button type="button" className={buttonStyles.btn} onClick={() => void load()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <p className={pageStyles.muted} role="status">
      <span className={clsx(textStyles.spinner, textStyles.spinnerSmall)} aria-hidden="true" /> Loading partner and
      support links...
    </p>
  );
}
