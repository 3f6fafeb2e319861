import {
  API_KEY_EXPIRY_CHOICES,
  API_KEY_MAX_PER_MEMBER,
  API_KEY_NAME_MAX,
  pagePath,
  type TApiKey,
  type TCreatedApiKey,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { formatMoment } from '../../components/dashboard/activation-format.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FormAlert, SelectField, TextField } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { SectionLoadState } from '../../components/ui/section-load-state.js';
import { ConfirmRemovalDialog } from './confirm-removal-dialog.js';
import styles from './settings.module.css';
import { ShownOnceSecret } from './shown-once-secret.js';

type KeysState = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; keys: TApiKey[] };
type Outcome = { kind: 'error' | 'success'; text: string; fields?: Record<string, string> } | null;

/** Whether a key has passed its expiry (it is refused, and listed until revoked). */
function hasExpired(key: TApiKey): boolean {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now();
}

/**
 * API keys (members with live access): read-only access to signals, statistics, the track record and
 * the account for the member's own tools, for a chosen number of days or until revoked. A new key's
 * secret is shown once, with a copy button. `reloadKey` reads the list again (a change of password or
 * a log-out everywhere revokes every key).
 */
export function ApiKeysSection({ reloadKey }: { reloadKey: number }) {
  const [state, setState] = useState<KeysState>({ phase: 'loading' });
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await api.apiKeys.list({ signal });
    setState(result.ok ? { phase: 'ready', keys: result.data } : { phase: 'error', message: result.message });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh list
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(ignoreAbort);
    return () => controller.abort();
  }, [load, reloadKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.apiKeys.create({
      body: { name, ...(expiry ? { expiresInDays: Number(expiry) } : {}) },
    });
    setBusy(false);
    if (!result.ok) {
      setOutcome({ kind: 'error', text: result.message, fields: result.fields });
      return;
    }
    setName('');
    setOutcome(null);
    setCreated(result.data);
    await load();
  }

  const full = state.phase === 'ready' && state.keys.filter((key) => !hasExpired(key)).length >= API_KEY_MAX_PER_MEMBER;
  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-api-keys"
      data-testid="settings-api-keys"
    >
      <h2 id="settings-api-keys">
        <KeyRound aria-hidden="true" size={20} /> API Keys
      </h2>
      <p className={pageStyles.muted}>
        Read your signals, statistics, the track record and your account from your own tools with{' '}
        <code>Authorization: Bearer sr_...</code>. A key cannot change anything. Up to {API_KEY_MAX_PER_MEMBER} keys.
        Keys end when your password is reset or changed, and when you log out everywhere.
      </p>
      <p className={pageStyles.small}>
        <Link to={pagePath('connect-tools')}>How to connect your tools</Link>, with programs to copy.
      </p>
      {created && (
        <ShownOnceSecret
          secret={created.secret}
          noun="key"
          warning={`Copy your new key “${created.name}” now: it will not be shown again. Keep it secret, like a password.`}
          onDone={() => setCreated(null)}
          testId="created-api-key"
          secretTestId="api-key-secret"
        />
      )}
      <SectionLoadState state={state} what="API keys" onRetry={() => void load()} />
      {state.phase === 'ready' && state.keys.length === 0 && <p className={pageStyles.muted}>No API keys yet.</p>}
      {state.phase === 'ready' && state.keys.length > 0 && (
        <ul className={styles.sessions}>
          {state.keys.map((key) => (
            <li key={key.id} className={styles.session} data-testid="settings-api-key">
              <div>
                <p>
                  <strong>{key.name}</strong> <code>{key.prefix}…</code>
                </p>
                <p className={pageStyles.small}>
                  Created {formatMoment(key.createdAt)} · last used{' '}
                  {key.lastUsedAt ? formatMoment(key.lastUsedAt) : 'never'}
                  {key.expiresAt ? ` · ${hasExpired(key) ? 'expired' : 'expires'} ${formatMoment(key.expiresAt)}` : ''}
                </p>
                {hasExpired(key) ? (
                  <p className={clsx(pageStyles.small, styles.failed)}>Expired: programs using it are refused.</p>
                ) : null}
              </div>
              <button
                type="button"
                className={buttonStyles.btn}
                onClick={() => setRevoking(key)}
                aria-label={`Revoke API key ${key.name}`}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          id="settings-api-key-name"
          label="Key name"
          value={name}
          maxLength={API_KEY_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          error={outcome?.fields?.name}
        />
        <SelectField
          id="settings-api-key-expiry"
          label="Expires"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          error={outcome?.fields?.expiresInDays}
        >
          <option value="">Never (until revoked)</option>
          {API_KEY_EXPIRY_CHOICES.map((days) => (
            <option key={days} value={String(days)}>
              In {days} days
            </option>
          ))}
        </SelectField>
        {outcome && !outcome.fields?.name && !outcome.fields?.expiresInDays ? (
          <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert>
        ) : null}
        <div>
          <button
            type="submit"
            className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
            disabled={busy || state.phase !== 'ready' || full}
          >
            {busy ? 'Creating...' : 'Create API Key'}
          </button>
        </div>
      </form>
      {revoking && (
        // Confirms a revocation: the key stops working at once, for every tool that uses it.
        <ConfirmRemovalDialog
          testId="revoke-api-key-dialog"
          words={{
            title: `Revoke “${revoking.name}”?`,
            consequence: <p>Anything using this key loses access at once. This cannot be undone.</p>,
            keep: 'Keep Key',
            confirm: 'Revoke Key',
            busy: 'Revoking...',
          }}
          remove={() => api.apiKeys.revoke({ params: { id: revoking.id } })}
          onClose={() => setRevoking(null)}
          onRemoved={(text) => {
            setOutcome({ kind: 'success', text });
            void load();
          }}
        />
      )}
    </section>
  );
}
