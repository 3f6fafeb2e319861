import { SettingsMessages } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Download, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as api from '../../api/api.js';
import { saveDownload } from '../../api/download.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FormAlert, PasswordField } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './settings.module.css';

/** "Download Elite Data": everything stored about the member, as one JSON file. */
export function DownloadSection() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    const result = await saveDownload(api.users.exportData(), 'elite-data.json');
    setBusy(false);
    if (!result.ok) setError(result.message);
  }

  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-data"
      data-testid="settings-data"
    >
      <h2 id="settings-data">
        <Download aria-hidden="true" size={20} /> Your Data
      </h2>
      <p className={pageStyles.muted}>
        A JSON file with your profile, sessions, notification settings, activation proofs and applications.
      </p>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <button type="button" className={buttonStyles.btn} disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing...' : 'Download Elite Data'}
      </button>
    </section>
  );
}

/** "Cancel Elite Membership": a confirm dialog that says it cannot be undone and asks for the password. */
export function DeleteSection() {
  const [open, setOpen] = useState(false);
  return (
    <section
      className={clsx(panelStyles.panel, styles.section, styles.danger)}
      aria-labelledby="settings-delete"
      data-testid="settings-delete"
    >
      <h2 id="settings-delete">
        <TriangleAlert aria-hidden="true" size={20} /> Cancel Membership
      </h2>
      <p className={pageStyles.muted}>Deletes your account and personal data for good.</p>
      <button type="button" className={clsx(buttonStyles.btn, styles.dangerButton)} onClick={() => setOpen(true)}>
        Cancel Elite Membership
      </button>
      {open && <DeleteDialog onClose={() => setOpen(false)} />}
    </section>
  );
}

function DeleteDialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clear = useSessionStore((s) => s.clear);
  const navigate = useNavigate();

  // Same as the admin dialogs: opened once on mount; unmounting removes it from the top layer.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.users.deleteAccount({ body: { password } });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    // Off the dashboard first, so its guard does not send a former member to /login.
    navigate('/', { replace: true });
    clear();
  }

  return (
    <dialog
      ref={ref}
      className={clsx(panelStyles.panel, styles.dialog)}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="delete-dialog"
    >
      <h2 id={titleId}>Cancel Elite Membership?</h2>
      <p>{SettingsMessages.deleteConfirm}</p>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <PasswordField
          id="settings-delete-password"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        <div className={styles.dialogActions}>
          <button type="button" className={buttonStyles.btn} onClick={() => ref.current?.close()}>
            Keep Membership
          </button>
          <button type="submit" className={clsx(buttonStyles.btn, styles.dangerButton)} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete Permanently'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
