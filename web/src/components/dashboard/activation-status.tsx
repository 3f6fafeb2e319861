import { ACCESS_PATH_LABELS, PAGES, type TActivation } from '@signalroom/shared';
import { clsx } from 'clsx';
import { CircleCheck, CircleX, Clock, FileUp, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useActivationStore } from '../../stores/activation.store.js';
import buttonStyles from '../ui/button.module.css';
import textStyles from '../ui/text.module.css';
import { formatMoment, formatUsd, TIER_LABELS } from './activation-format.js';
import styles from './activation-status.module.css';
import pageStyles from './dashboard-page.module.css';

/** Where the member goes to send a proof: Account Setup's third step. */
export const PROOF_STEP_PATH = `${PAGES['account-setup'].path}?step=3`;

interface Props {
  /** On Account Setup the form is on the same page: "upload another" scrolls to it instead of navigating. */
  onUploadAnother?: () => void;
}

/**
 * The member's activation status, loaded on mount and kept live by the `activation:update` push: none,
 * under review (since when, in the member's time), approved (tier), or rejected (the admin's reason and
 * a way to upload another).
 */
export function ActivationStatus({ onUploadAnother }: Props) {
  const { loadStatus, activation, error, load } = useActivationStore();
  useEffect(() => {
    void useActivationStore.getState().load();
  }, []);

  if (loadStatus === 'idle' || (loadStatus === 'loading' && !activation)) {
    return (
      <p className={styles.status} role="status" data-testid="activation-status" data-status="loading">
        <span className={clsx(textStyles.spinner, textStyles.spinnerSmall)} aria-hidden="true" /> Loading your
        activation status...
      </p>
    );
  }
  if (loadStatus === 'error' || !activation) {
    return (
      <div
        className={clsx(styles.status, styles.error)}
        role="alert"
        data-testid="activation-status"
        data-status="error"
      >
        <p>{error ?? 'Your activation status could not be loaded.'}</p>
        <button type="button" className={buttonStyles.btn} onClick={() => void load()}>
          <RefreshCw aria-hidden="true" size={16} /> Try again
        </button>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" data-testid="activation-status" data-status={activation.status}>
      <StatusBody activation={activation} onUploadAnother={onUploadAnother} />
    </div>
  );
}

function StatusBody({ activation, onUploadAnother }: { activation: TActivation } & Props) {
  const { proof } = activation;
  const another = onUploadAnother ? (
    <button type="button" className={styles.linkButton} onClick={onUploadAnother}>
      upload another
    </button>
  ) : (
    <Link to={PROOF_STEP_PATH}>upload another</Link>
  );
  if (!proof || activation.status === 'none') {
    return (
      <p className={styles.status}>
        <FileUp aria-hidden="true" size={20} className={styles.icon} />
        <span>
          No proof of deposit sent yet.
          {!onUploadAnother && (
            <>
              {' '}
              <Link to={PROOF_STEP_PATH}>Submit your proof</Link> to activate your access.
            </>
          )}
        </span>
      </p>
    );
  }
  const details = (
    <p className={clsx(styles.details, pageStyles.muted, pageStyles.small)}>
      {formatUsd(proof.depositAmount)} declared · broker account {proof.brokerAccount}
      {proof.accessPath ? ` · ${ACCESS_PATH_LABELS[proof.accessPath]}` : ''}
    </p>
  );
  if (proof.status === 'pending') {
    return (
      <div className={clsx(styles.status, styles.pending)}>
        <Clock aria-hidden="true" size={20} className={styles.icon} />
        <div>
          <p className={styles.headline}>Under review since {formatMoment(proof.submittedAt)}</p>
          {details}
          <p className={clsx(pageStyles.muted, pageStyles.small)}>
            You will see the decision here as soon as an admin has checked your proof.
          </p>
        </div>
      </div>
    );
  }
  if (proof.status === 'approved') {
    return (
      <div className={clsx(styles.status, styles.approved)}>
        <CircleCheck aria-hidden="true" size={20} className={styles.icon} />
        <div>
          <p className={styles.headline}>
            Approved{proof.tier ? `: ${TIER_LABELS[proof.tier]} tier` : ''}
            {proof.reviewedAt ? ` since ${formatMoment(proof.reviewedAt)}` : ''}
          </p>
          {details}
        </div>
      </div>
    );
  }
  return (
    <div className={clsx(styles.status, styles.rejected)}>
      <CircleX aria-hidden="true" size={20} className={styles.icon} />
      <div>
        <p className={styles.headline}>
          Rejected: <span data-testid="activation-reason">{proof.reason}</span> — {another}
        </p>
        {details}
      </div>
    </div>
  );
}
