import {
  ACCESS_PATH_LABELS,
  ACCESS_PATHS,
  type AccessPath,
  ActivationMessages,
  ActivationRoutes,
  minimumDepositFor,
  PROOF_ACCEPT,
  PROOF_LIMITS,
  PROOF_MIME_TYPES,
  proofFieldIssues,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Loader2, Upload } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import * as messages from '../../api/fallback-messages.js';
import { uploadForm } from '../../api/upload.js';
import { formatFileSize } from '../../components/dashboard/activation-format.js';
import buttonStyles from '../../components/ui/button.module.css';
import { useActivationStore } from '../../stores/activation.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './proof-upload.module.css';

type Field = 'brokerAccount' | 'depositAmount' | 'accessPath' | 'file';
type Errors = Partial<Record<Field, string>>;

/** A quick check before sending; the server decides the type from the file's bytes. */
function fileIssue(file: File | null): string | undefined {
  if (!file || file.size === 0) return ActivationMessages.fileRequired;
  if (file.size > PROOF_LIMITS.maxFileBytes) return ActivationMessages.fileTooLarge;
  const byType = (PROOF_MIME_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(png|jpe?g|webp|pdf)$/i.test(file.name);
  return byType || byName ? undefined : ActivationMessages.fileType;
}

/**
 * The proof of deposit upload of Account Setup's last step: broker account ID, deposit amount and path
 * (prefilled from what the wizard saved) and the file. Shows upload progress, then the server's answer;
 * a success updates the status and the stored member at once.
 */
export function ProofUploadForm({
  fileRef,
  onSent,
  onBusyChange,
}: {
  fileRef: RefObject<HTMLInputElement | null>;
  /** After the server took the proof (the status above shows it from then on). */
  onSent(): void;
  /**
   * While an upload runs. The status push can arrive before the upload's own answer; the parent keeps
   * the form mounted meanwhile, since unmounting it cancels the upload.
   */
  onBusyChange(busy: boolean): void;
}) {
  const user = useSessionStore((s) => s.user);
  const [brokerAccount, setBrokerAccount] = useState(() => user?.brokerAccountId ?? '');
  const [depositAmount, setDepositAmount] = useState(() =>
    user && user.depositAmount > 0 ? String(user.depositAmount) : '',
  );
  const [accessPath, setAccessPath] = useState<AccessPath>(() => user?.accessPath ?? 'manual');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<(() => void) | null>(null);
  const id = useId();

  // Leaving the page mid-upload cancels it rather than finishing in the background.
  useEffect(() => () => abort.current?.(), []);

  function edit(field: Field) {
    setFailure(null);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const found: Errors = { ...proofFieldIssues({ brokerAccount, depositAmount, accessPath }) };
    const problem = fileIssue(file);
    if (problem) found.file = problem;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !file) {
      const first = (['brokerAccount', 'depositAmount', 'file'] as const).find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setProgress(0);
    onBusyChange(true);
    const form = new FormData();
    form.set('brokerAccount', brokerAccount);
    form.set('depositAmount', depositAmount);
    form.set('accessPath', accessPath);
    form.set('file', file, file.name);
    const upload = uploadForm(ActivationRoutes.submitProof, form, {
      fallbackMessage: messages.activation.submitProof,
      onProgress: setProgress,
    });
    abort.current = upload.abort;
    const result = await upload.done;
    abort.current = null;
    setProgress(null);
    onBusyChange(false);
    if (result.ok) {
      useActivationStore.getState().apply(result.data.activation);
      useSessionStore.getState().setUser(result.data.user);
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      onSent();
      return;
    }
    // A dead session is handled once for every call (api/client.ts).
    if (result.status === 'unauthorized') return;
    setErrors(result.fields as Errors);
    setFailure(result.message);
  }

  const busy = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  const describe = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className={styles.form} onSubmit={(e) => void send(e)} noValidate aria-busy={busy} data-testid="proof-form">
      <div className={styles.field}>
        <label htmlFor={`${id}-brokerAccount`}>Broker account ID</label>
        <input
          id={`${id}-brokerAccount`}
          className={styles.input}
          value={brokerAccount}
          onChange={(e) => {
            setBrokerAccount(e.target.value);
            edit('brokerAccount');
          }}
          maxLength={PROOF_LIMITS.brokerAccountMax}
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={errors.brokerAccount ? true : undefined}
          aria-describedby={describe('brokerAccount')}
        />
        <FieldError id={`${id}-brokerAccount-error`} text={errors.brokerAccount} />
      </div>
      <div className={styles.pair}>
        <div className={styles.field}>
          <label htmlFor={`${id}-accessPath`}>Access path</label>
          <select
            id={`${id}-accessPath`}
            className={styles.input}
            value={accessPath}
            onChange={(e) => {
              setAccessPath(e.target.value as AccessPath);
              edit('depositAmount');
            }}
          >
            {ACCESS_PATHS.map((path) => (
              <option key={path} value={path}>
                {ACCESS_PATH_LABELS[path]} (${minimumDepositFor(path)}+)
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-depositAmount`}>Deposit amount (USD)</label>
          <input
            id={`${id}-depositAmount`}
            className={styles.input}
            type="number"
            inputMode="decimal"
            min={minimumDepositFor(accessPath)}
            step="any"
            value={depositAmount}
            onChange={(e) => {
              setDepositAmount(e.target.value);
              edit('depositAmount');
            }}
            required
            aria-invalid={errors.depositAmount ? true : undefined}
            aria-describedby={describe('depositAmount')}
          />
          <FieldError id={`${id}-depositAmount-error`} text={errors.depositAmount} />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>Proof of deposit</label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          className={styles.file}
          type="file"
          accept={PROOF_ACCEPT}
          onChange={(e) => {
            // A file of the wrong type or size is flagged as soon as it is chosen, not at Submit.
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setFailure(null);
            setErrors((current) => ({ ...current, file: chosen ? fileIssue(chosen) : undefined }));
          }}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={describe('file', `${id}-file-hint`)}
        />
        <p id={`${id}-file-hint`} className={styles.hint}>
          A screenshot or statement of the deposit: PNG, JPEG, WebP or PDF, up to 5 MB.
          {file && !errors.file ? ` Selected: ${file.name} (${formatFileSize(file.size)}).` : ''}
        </p>
        <FieldError id={`${id}-file-error`} text={errors.file} />
      </div>

      {busy && (
        <div className={styles.progress} data-testid="proof-progress">
          <label htmlFor={`${id}-progress`}>Uploading... {percent}%</label>
          <progress id={`${id}-progress`} max={100} value={percent} />
        </div>
      )}
      <p className={styles.failure} role="alert" data-testid="proof-failure">
        {failure}
      </p>
      <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy}>
        {busy ? (
          <>
            <Loader2 aria-hidden="true" size={18} className={styles.spin} /> Sending proof...
          </>
        ) : (
          <>
            <Upload aria-hidden="true" size={18} /> Submit Proof
          </>
        )}
      </button>
    </form>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className={styles.error}>
      {text}
    </p>
  );
}
