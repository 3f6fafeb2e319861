import { SettingsMessages, type TMemberSession } from '@signalroom/shared';
import { clsx } from 'clsx';
import { MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { formatMoment } from '../../components/dashboard/activation-format.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FormAlert, PasswordField, TextField } from '../../components/public/form-field.js';
import { PasswordStrength } from '../../components/public/password-strength.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { SectionLoadState } from '../../components/ui/section-load-state.js';
import styles from './settings.module.css';

type Outcome = { kind: 'error' | 'success'; text: string; fields?: Record<string, string> } | null;

/**
 * Security: the password change (current, new, confirm; show/hide on the current one), which also
 * revokes the member's API keys unless they untick it.
 */
export function SecuritySection({ onSessionsChanged }: { onSessionsChanged(): void }) {
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [revokeApiKeys, setRevokeApiKeys] = useState(true);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.newPassword !== form.confirmPassword) {
      const text = SettingsMessages.passwordsDoNotMatch;
      setOutcome({ kind: 'error', text, fields: { confirmPassword: text } });
      return;
    }
    setBusy(true);
    const result = await api.users.changePassword({
      body: { currentPassword: form.currentPassword, newPassword: form.newPassword, revokeApiKeys },
    });
    setBusy(false);
    if (result.ok) {
      setForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
      setOutcome({ kind: 'success', text: result.message });
      onSessionsChanged();
    } else setOutcome({ kind: 'error', text: result.message, fields: result.fields });
  }

  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-security"
      data-testid="settings-security"
    >
      <h2 id="settings-security">
        <ShieldCheck aria-hidden="true" size={20} /> Security
      </h2>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <PasswordField
          id="settings-current-password"
          label="Current password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={outcome?.fields?.currentPassword}
        />
        <TextField
          id="settings-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
          error={outcome?.fields?.newPassword}
          aria-describedby="settings-new-password-strength"
        />
        <PasswordStrength password={form.newPassword} id="settings-new-password-strength" />
        <TextField
          id="settings-confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={outcome?.fields?.confirmPassword}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={revokeApiKeys}
            onChange={(event) => setRevokeApiKeys(event.target.checked)}
            data-testid="settings-revoke-api-keys"
          />
          Also revoke my API keys (programs using them stop until you give them new ones)
        </label>
        {outcome ? <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert> : null}
        <div>
          <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy}>
            {busy ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}

type SessionsState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; sessions: TMemberSession[] };

/**
 * Active sessions: where the member is signed in, with a log-out per session and for all others (which
 * revokes the member's API keys too: `onAccountChanged` lets the keys list read itself again).
 */
export function SessionsSection({ reloadKey, onAccountChanged }: { reloadKey: number; onAccountChanged(): void }) {
  const [state, setState] = useState<SessionsState>({ phase: 'loading' });
  const [notice, setNotice] = useState<Outcome>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await api.users.listSessions({ signal });
    setState(result.ok ? { phase: 'ready', sessions: result.data } : { phase: 'error', message: result.message });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh list
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(ignoreAbort);
    return () => controller.abort();
  }, [load, reloadKey]);

  async function act(run: () => Promise<{ ok: boolean; message: string }>) {
    const result = await run();
    setNotice({ kind: result.ok ? 'success' : 'error', text: result.message });
    await load();
  }

  async function logOutEverywhereElse() {
    await act(api.users.revokeOtherSessions);
    onAccountChanged();
  }

  const others = state.phase === 'ready' ? state.sessions.filter((s) => !s.current).length : 0;
  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-sessions"
      data-testid="settings-sessions"
    >
      <h2 id="settings-sessions">
        <MonitorSmartphone aria-hidden="true" size={20} /> Active Sessions
      </h2>
      <SectionLoadState state={state} what="sessions" onRetry={() => void load()} />
      {state.phase === 'ready' && (
        <ul className={styles.sessions}>
          {state.sessions.map((session) => (
            <li key={session.id} className={styles.session} data-testid="settings-session">
              <div>
                <p>
                  <strong>
                    {session.browser} on {session.os}
                  </strong>
                  {session.current && <span className={styles.badge}>This device</span>}
                </p>
                <p className={pageStyles.small}>
                  {session.ip ?? 'Unknown address'} · signed in {formatMoment(session.createdAt)} · last active{' '}
                  {formatMoment(session.lastSeenAt)}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className={buttonStyles.btn}
                  onClick={() => void act(() => api.users.revokeSession({ params: { id: session.id } }))}
                  aria-label={`Log out ${session.browser} on ${session.os}`}
                >
                  Log out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {state.phase === 'ready' && others === 0 && <p className={pageStyles.muted}>No other active sessions.</p>}
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <p className={clsx(pageStyles.small, pageStyles.muted)}>
        Logging out everywhere else also revokes your API keys and closes their streams.
      </p>
      <button type="button" className={buttonStyles.btn} onClick={() => void logOutEverywhereElse()}>
        Log Out Everywhere Else
      </button>
    </section>
  );
}
