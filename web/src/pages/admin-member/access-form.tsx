import { TIER_GRANT_REASON_MAX, TIERS, type TUser, tierName } from '@signalroom/shared';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './admin-member.module.css';

interface Props {
  user: TUser;
  busy: boolean;
  onSubmit(access: {
    tier: TUser['tier'];
    dashboardUnlocked: boolean;
    hasDeposited: boolean;
    expiresAt?: string;
    reason?: string;
  }): Promise<boolean>;
}

/**
 * Sets a member's tier, dashboard lock and deposit flag, optionally until a time (the member then returns
 * to the access they had before) and with a reason for the audit log. The time is the admin's local
 * time, sent as an instant.
 */
export function AccessForm({ user, busy, onSubmit }: Props) {
  const id = useId();
  const [tier, setTier] = useState(user.tier);
  const [unlocked, setUnlocked] = useState(user.dashboardUnlocked || user.tier !== 'guest');
  const [deposited, setDeposited] = useState(user.hasDeposited);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const expiresAt = until ? new Date(until) : null;
    const done = await onSubmit({
      tier,
      dashboardUnlocked: unlocked,
      hasDeposited: deposited,
      ...(expiresAt && !Number.isNaN(expiresAt.getTime()) ? { expiresAt: expiresAt.toISOString() } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
    if (done) {
      setUntil('');
      setReason('');
    }
  }

  return (
    <form className={styles.accessForm} onSubmit={submit} aria-label="Change access" data-testid="access-form">
      <div className={formStyles.field}>
        <label htmlFor={`${id}-tier`}>Tier</label>
        <select
          id={`${id}-tier`}
          className={formStyles.select}
          value={tier}
          onChange={(e) => {
            const next = e.target.value as TUser['tier'];
            setTier(next);
            if (next !== 'guest') setUnlocked(true);
          }}
        >
          {TIERS.map((t) => (
            <option key={t} value={t}>
              {tierName(t)}
            </option>
          ))}
        </select>
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-until`}>Until (optional)</label>
        <input
          id={`${id}-until`}
          type="datetime-local"
          step={1}
          className={formStyles.input}
          value={until}
          disabled={tier === 'guest'}
          aria-describedby={`${id}-until-hint`}
          onChange={(e) => setUntil(e.target.value)}
        />
        <p id={`${id}-until-hint`} className={formStyles.fieldHint}>
          Your local time. At the end the member returns to the access they had before.
        </p>
      </div>
      <fieldset className={styles.flags}>
        <legend>Access</legend>
        <label>
          <input type="checkbox" checked={unlocked} onChange={(e) => setUnlocked(e.target.checked)} /> Dashboard
          unlocked
        </label>
        <label>
          <input type="checkbox" checked={deposited} onChange={(e) => setDeposited(e.target.checked)} /> Deposit
          confirmed
        </label>
      </fieldset>
      <div className={clsx(formStyles.field, styles.wide)}>
        <label htmlFor={`${id}-reason`}>Reason (optional, kept in the audit log)</label>
        <textarea
          id={`${id}-reason`}
          className={formStyles.textarea}
          rows={2}
          maxLength={TIER_GRANT_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className={styles.wide}>
        <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy}>
          {busy ? 'Saving…' : 'Apply access'}
        </button>
      </div>
    </form>
  );
}
