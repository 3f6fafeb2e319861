import {
  ACCESS_PATH_LABELS,
  ActivationMessages,
  GRANTABLE_TIERS,
  type GrantableTier,
  PROOF_ACTIVE_CONTENT_LABELS,
  PROOF_LIMITS,
  rejectReasonIssue,
  suggestedTier,
  type TAdminActivation,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Check, Download, Image, Loader2, ShieldAlert, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import * as api from '../../api/api.js';
import { saveDownload } from '../../api/download.js';
import { formatFileSize, formatMoment, formatUsd, TIER_LABELS } from '../../components/dashboard/activation-format.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import styles from './admin-activations.module.css';

interface Props {
  item: TAdminActivation;
  busy: boolean;
  onApprove(item: TAdminActivation, tier: GrantableTier): Promise<boolean>;
  onReject(item: TAdminActivation, reason: string): Promise<boolean>;
  onFileError(message: string): void;
}

/** One proof in the queue: who sent it, what they declared, the file, and (while pending) the decision. */
export function ActivationCard({ item, busy, onApprove, onReject, onFileError }: Props) {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid={`activation-${item.id}`}>
      <header className={styles.cardHead}>
        <h2 id={titleId} className={styles.name}>
          {item.member.fullName}
        </h2>
        <span className={clsx(styles.badge, styles[item.status])}>{item.status}</span>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>E-mail</dt>
          <dd>{item.member.email}</dd>
        </div>
        <div>
          <dt>Access code</dt>
          <dd className={styles.mono}>{item.member.admissionCode}</dd>
        </div>
        <div>
          <dt>Broker account</dt>
          <dd className={styles.mono}>{item.brokerAccount}</dd>
        </div>
        <div>
          <dt>Declared deposit</dt>
          <dd>{formatUsd(item.depositAmount)}</dd>
        </div>
        <div>
          <dt>Access path</dt>
          <dd>{item.accessPath ? ACCESS_PATH_LABELS[item.accessPath] : 'Not Selected'}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>
            <time dateTime={item.submittedAt}>{formatMoment(item.submittedAt)}</time>
          </dd>
        </div>
        {item.status !== 'pending' && item.reviewedAt && (
          <div>
            <dt>{item.status === 'approved' ? 'Approved' : 'Rejected'}</dt>
            <dd>
              <time dateTime={item.reviewedAt}>{formatMoment(item.reviewedAt)}</time>
              {item.tier ? ` as ${TIER_LABELS[item.tier]}` : ''}
            </dd>
          </div>
        )}
        {item.reason && (
          <div className={styles.wide}>
            <dt>Reason</dt>
            <dd>{item.reason}</dd>
          </div>
        )}
      </dl>
      <ActiveContentWarning item={item} />
      <ProofFile item={item} onError={onFileError} />
      {item.status === 'pending' && <Decision item={item} busy={busy} onApprove={onApprove} onReject={onReject} />}
    </article>
  );
}

/**
 * What the server found in the file at upload that could run or carry something when it is opened
 * (PDF scripts, launch actions, embedded files), or that it was uploaded before files were inspected.
 */
function ActiveContentWarning({ item }: { item: TAdminActivation }) {
  if (item.activeContent === null) {
    if (item.fileType !== 'application/pdf') return null;
    return <p className={clsx(pageStyles.muted, pageStyles.small)}>{ActivationMessages.notInspected}</p>;
  }
  if (item.activeContent.length === 0) return null;
  return (
    <div className={styles.activeContent} role="note" data-testid="proof-active-content">
      <ShieldAlert aria-hidden="true" size={20} />
      <div>
        <p>{ActivationMessages.activeContent}</p>
        <p className={pageStyles.small}>
          Found: {item.activeContent.map((reason) => PROOF_ACTIVE_CONTENT_LABELS[reason]).join('; ')}.
        </p>
      </div>
    </div>
  );
}

/** The file: its name and size, an inline preview for images, and a download. */
function ProofFile({ item, onError }: { item: TAdminActivation; onError(message: string): void }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [loading, setLoading] = useState<'preview' | 'download' | null>(null);
  const isImage = item.fileType.startsWith('image/');
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function showPreview() {
    if (preview) {
      setPreview(null);
      return;
    }
    setLoading('preview');
    const result = await api.activation.proofFile({ params: { id: item.id } });
    setLoading(null);
    if (result.ok) setPreview(URL.createObjectURL(result.data.blob));
    else onError(result.message);
  }

  async function download() {
    setLoading('download');
    const result = await saveDownload(api.activation.proofFile({ params: { id: item.id } }), 'proof');
    setLoading(null);
    if (!result.ok) onError(result.message);
  }

  return (
    <div className={styles.file}>
      <p className={clsx(pageStyles.muted, pageStyles.small)}>
        {item.fileName} · {item.fileType.replace('image/', '').replace('application/', '').toUpperCase()} ·{' '}
        {formatFileSize(item.fileSize)}
      </p>
      <div className={styles.fileActions}>
        {isImage && (
          <button
            type="button"
            className={buttonStyles.btn}
            onClick={() => void showPreview()}
            aria-expanded={preview !== null}
          >
            {loading === 'preview' ? (
              <Loader2 aria-hidden="true" size={16} className={styles.spin} />
            ) : (
              <Image aria-hidden="true" size={16} />
            )}
            {preview ? 'Hide image' : 'Open image'}
          </button>
        )}
        <button
          type="button"
          className={buttonStyles.btn}
          onClick={() => void download()}
          disabled={loading === 'download'}
        >
          {loading === 'download' ? (
            <Loader2 aria-hidden="true" size={16} className={styles.spin} />
          ) : (
            <Download aria-hidden="true" size={16} />
          )}
          Download
        </button>
      </div>
      {preview && (
        <img src={preview} alt={`Proof of deposit sent by ${item.member.fullName}`} className={styles.preview} />
      )}
    </div>
  );
}

/** Approve with a tier (suggested from the declared deposit) or reject with a reason. */
function Decision({ item, busy, onApprove, onReject }: Omit<Props, 'onFileError'>) {
  const [tier, setTier] = useState<GrantableTier>(() => suggestedTier(item.depositAmount));
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (rejecting) document.getElementById(`${id}-reason`)?.focus();
  }, [rejecting, id]);

  async function reject() {
    const issue = rejectReasonIssue(reason);
    setReasonError(issue);
    if (issue) {
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    await onReject(item, reason.trim());
  }

  return (
    <div className={styles.decision}>
      <div className={styles.approve}>
        <label htmlFor={`${id}-tier`}>Tier to grant</label>
        <select
          id={`${id}-tier`}
          className={styles.input}
          value={tier}
          onChange={(e) => setTier(e.target.value as GrantableTier)}
        >
          {GRANTABLE_TIERS.map((t) => (
            <option key={t} value={t}>
              {TIER_LABELS[t]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          disabled={busy}
          onClick={() => void onApprove(item, tier)}
        >
          {busy ? (
            <Loader2 aria-hidden="true" size={16} className={styles.spin} />
          ) : (
            <Check aria-hidden="true" size={16} />
          )}
          Approve as {TIER_LABELS[tier]}
        </button>
      </div>
      {rejecting ? (
        <div className={styles.reject}>
          <label htmlFor={`${id}-reason`}>Reason for the member</label>
          <textarea
            id={`${id}-reason`}
            className={styles.input}
            rows={3}
            maxLength={PROOF_LIMITS.rejectReasonMax}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${id}-reason-hint${reasonError ? ` ${id}-reason-error` : ''}`}
          />
          <p id={`${id}-reason-hint`} className={clsx(pageStyles.muted, pageStyles.small)}>
            The member sees this reason and receives it by e-mail. {reason.length}/{PROOF_LIMITS.rejectReasonMax}
          </p>
          {reasonError && (
            <p id={`${id}-reason-error`} className={styles.error}>
              {reasonError}
            </p>
          )}
          <div className={styles.rejectActions}>
            <button type="button" className={buttonStyles.btn} onClick={() => setRejecting(false)} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className={clsx(buttonStyles.btn, styles.danger)}
              onClick={() => void reject()}
              disabled={busy}
            >
              <X aria-hidden="true" size={16} /> Confirm rejection
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={clsx(buttonStyles.btn, styles.rejectOpen)}
          onClick={() => setRejecting(true)}
          disabled={busy}
        >
          <X aria-hidden="true" size={16} /> Reject...
        </button>
      )}
    </div>
  );
}
