import {
  ACCESS_PATH_LABELS,
  ACCESS_PATHS,
  type AccessPath,
  minimumDepositFor,
  PROMO_MIN_DEPOSIT_USD,
  type TPublicConfig,
} from '@signalroom/shared';
import { ArrowLeft, ExternalLink, MessageCircle } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ContactGate } from '../../components/contacts/operator-contact.js';
import { TextField } from '../../components/public/form-field.js';
import { SubmitButton } from '../../components/public/submit-button.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
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
    <form className="setup-form" onSubmit={onSubmit(setup.submitAccount)} aria-busy={setup.saving}>
      <p>Open your trading account with our partner broker. The account and its funds stay yours.</p>
      {config ? (
        <>
          <ContactGate
            contact="brokerRegistration"
            fallback={<p className="muted">The partner broker link is not available yet. Please contact support.</p>}
          >
            <a
              className="btn setup-broker-link"
              href={config.brokerRegistrationUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="broker-link"
            >
              <ExternalLink aria-hidden="true" size={18} /> Open partner broker registration
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </ContactGate>
          <p className="notice" data-testid="promo-note">
            Use promo code <strong className="setup-code">{config.promoCode}</strong> for the broker's 100% deposit
            bonus on deposits of ${PROMO_MIN_DEPOSIT_USD} or more.
          </p>
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
      <div className="setup-actions">
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
    <form className="setup-form" onSubmit={onSubmit(setup.submitFunding)} aria-busy={setup.saving}>
      <p>Fund your own broker account, then tell us which access you chose and how much you deposited.</p>
      <fieldset className="setup-paths">
        <legend>Access path</legend>
        {ACCESS_PATHS.map((path) => (
          <label key={path} className={`setup-path${setup.accessPath === path ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="accessPath"
              value={path}
              checked={setup.accessPath === path}
              onChange={() => setup.setAccessPath(path)}
            />
            <span className="setup-path__body">
              <span className="setup-path__title">
                {ACCESS_PATH_LABELS[path]}
                {path === 'auto' && <span className="setup-badge">Recommended</span>}
              </span>
              <span className="setup-path__min">${minimumDepositFor(path)}+ minimum</span>
              <span className="muted small">{PATH_NOTES[path]}</span>
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
      <div className="setup-actions">
        <button type="button" className="btn" onClick={setup.back} disabled={setup.saving}>
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </button>
        <SubmitButton busy={setup.saving} busyText="Saving..." disabled={!setup.canContinueFunding}>
          Continue
        </SubmitButton>
      </div>
    </form>
  );
}

/** Step 3: send the deposit proof to support on the messaging app; shows what was saved. */
export function VerifyStep({ setup, config }: StepProps) {
  const user = useSessionStore((s) => s.user);
  return (
    <div className="setup-form">
      <p>
        Send a screenshot of your deposit and your broker account ID to support on the messaging app. Support verifies
        it and activates your access.
      </p>
      {config ? (
        <ContactGate contact="supportChat" fallback={<p className="muted">The support chat is not available yet.</p>}>
          <a
            className="btn btn-primary setup-broker-link"
            href={config.supportChatUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="proof-link"
          >
            <MessageCircle aria-hidden="true" size={18} /> Send proof to {config.supportHandle}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </ContactGate>
      ) : (
        <ConfigPending />
      )}
      {user && (
        <dl className="setup-summary" data-testid="setup-summary">
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
      )}
      <div className="setup-actions">
        <button type="button" className="btn" onClick={setup.back}>
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </button>
        <Link to="/dashboard" className="btn">
          Back to the Command Center
        </Link>
      </div>
    </div>
  );
}

/** Operator links load with the dashboard; say so while they are on the way, or that they failed. */
function ConfigPending() {
  const status = usePublicConfigStore((s) => s.status);
  const load = usePublicConfigStore((s) => s.load);
  if (status === 'error') {
    return (
      <p className="state--error setup-config-error" role="alert">
        Partner and support links could not be loaded.{' '}
        <button type="button" className="btn" onClick={() => void load()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <p className="muted" role="status">
      <span className="spinner spinner--small" aria-hidden="true" /> Loading partner and support links...
    </p>
  );
}
