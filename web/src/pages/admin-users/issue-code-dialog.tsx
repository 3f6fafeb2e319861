import { TIERS, type Tier, type TUser } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Check, Copy, KeyRound, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { formatMoment } from '../../components/dashboard/activation-format.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './admin-users.module.css';

interface Props {
  user: TUser;
  onClose(): void;
  /** A dead session or a lost admin role, passed up to the page. */
  onAuthFailure(status: 'unauthorized' | 'forbidden', message: string): void;
}

type Phase =
  | { step: 'choose'; error: string | null }
  | { step: 'issuing' }
  | { step: 'issued'; code: string; tier: Tier | null; expiresAt: string };

const GRANTABLE = TIERS.filter((t) => t !== 'guest');

/**
 * Issues a member's one-time dashboard code (docs/decisions.md, "Sessions and
 * dashboard access": given after the deposit is checked). The
 * plain code lives only in this dialog's state: it is shown once, with a copy button, and dropped on
 * close. A modal <dialog> keeps focus inside and closes on Escape.
 */
export function IssueCodeDialog({ user, onClose, onAuthFailure }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [tier, setTier] = useState<Tier | ''>('');
  const [phase, setPhase] = useState<Phase>({ step: 'choose', error: null });
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const titleId = useId();
  const selectId = useId();
  const codeRef = useRef<HTMLElement>(null);

  // No close() on cleanup: unmounting removes the dialog from the top layer, and a close event fired
  // from cleanup would reach the parent after a remount (StrictMode) and shut the dialog at once.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  async function issue() {
    setPhase({ step: 'issuing' });
    const result = await api.admin.issueDashboardCode({ params: { id: user.id }, body: tier ? { tier } : {} });
    if (result.ok) {
      setPhase({ step: 'issued', code: result.data.code, tier: result.data.tier, expiresAt: result.data.expiresAt });
      return;
    }
    if (result.status === 'unauthorized' || result.status === 'forbidden') onAuthFailure(result.status, result.message);
    setPhase({ step: 'choose', error: result.message });
  }

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('copied');
    } catch {
      // No clipboard permission (or an insecure origin): select the code so the admin can copy it by hand.
      const node = codeRef.current;
      if (node) window.getSelection()?.selectAllChildren(node);
      setCopied('failed');
    }
  }

  return (
    <dialog
      ref={ref}
      className={clsx(panelStyles.panel, styles.adminDialog)}
      aria-labelledby={titleId}
      data-testid="issue-code-dialog"
      onClose={onClose}
    >
      <div className={styles.adminDialogHead}>
        <h2 id={titleId}>
          <KeyRound aria-hidden="true" size={20} /> Dashboard code
        </h2>
        <button
          type="button"
          className={clsx(buttonStyles.iconBtn, buttonStyles.btnGhost)}
          aria-label="Close"
          onClick={() => ref.current?.close()}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>
      <p className={clsx(pageStyles.muted, pageStyles.small)}>
        For <strong>{user.fullName}</strong> ({user.email}).
      </p>

      {phase.step === 'issued' ? (
        <div className={pageStyles.stack}>
          <p className={styles.adminDialogCodeWrap}>
            <code ref={codeRef} className={styles.adminDialogCode} data-testid="issued-code">
              {phase.code}
            </code>
          </p>
          <p className={clsx(pageStyles.notice, pageStyles.small)}>
            This code is shown only once. Send it to the member; entering it unlocks their dashboard
            {phase.tier ? ` with tier ${phase.tier.toUpperCase()}` : ''}. It works once, until{' '}
            {formatMoment(phase.expiresAt)}.
          </p>
          <div className={clsx(pageStyles.actions, styles.actions)}>
            <button
              type="button"
              className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
              onClick={() => void copy(phase.code)}
            >
              {copied === 'copied' ? <Check aria-hidden="true" size={18} /> : <Copy aria-hidden="true" size={18} />}
              {copied === 'copied' ? 'Copied' : 'Copy code'}
            </button>
            <button type="button" className={buttonStyles.btn} onClick={() => ref.current?.close()}>
              Done
            </button>
          </div>
          <p className={clsx(pageStyles.small, pageStyles.muted)} role="status">
            {copied === 'copied'
              ? 'The code is on the clipboard.'
              : copied === 'failed'
                ? 'Copying is not allowed here: the code is selected, copy it with your keyboard.'
                : ''}
          </p>
        </div>
      ) : (
        <form
          className={pageStyles.stack}
          onSubmit={(event) => {
            event.preventDefault();
            void issue();
          }}
        >
          <p className={pageStyles.small}>
            Issue a code after checking the member's deposit. A new code replaces any unused one.
          </p>
          <div className={styles.adminDialogField}>
            <label htmlFor={selectId}>Tier the code grants</label>
            <select
              id={selectId}
              required={user.tier === 'guest'}
              className={styles.adminUsersSelect}
              value={tier}
              onChange={(event) => setTier(event.target.value as Tier | '')}
            >
              {/* A guest's code must grant a tier: kept a guest, it would unlock nothing. */}
              <option value="" disabled={user.tier === 'guest'}>
                {user.tier === 'guest' ? 'Choose a tier' : `Keep current tier (${user.tier.toUpperCase()})`}
              </option>
              {GRANTABLE.map((t) => (
                <option key={t} value={t}>
                  {t.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          {phase.step === 'choose' && phase.error && (
            <p className={styles.adminAlert} role="alert">
              {phase.error}
            </p>
          )}
          <div className={clsx(pageStyles.actions, styles.actions)}>
            <button
              type="submit"
              className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
              disabled={phase.step === 'issuing'}
            >
              {phase.step === 'issuing' ? 'Issuing...' : 'Issue code'}
            </button>
            <button type="button" className={buttonStyles.btn} onClick={() => ref.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
