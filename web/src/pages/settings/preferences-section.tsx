import { DEFAULT_NOTIFICATION_SETTINGS, type TNotificationSettings } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FormAlert } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './settings.module.css';

const TOGGLES: ReadonlyArray<{ key: keyof TNotificationSettings; label: string }> = [
  { key: 'signals', label: 'Signal alerts' },
  { key: 'trades', label: 'Trade updates' },
  { key: 'marketing', label: 'News and offers' },
  { key: 'security', label: 'Security alerts' },
];

/** Notification toggles, saved per member. */
export function NotificationsSection() {
  const [settings, setSettings] = useState<TNotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api.users
      .notifications({ signal: controller.signal })
      .then((result) => {
        if (result.ok) setSettings(result.data);
        else {
          setError(result.message);
          setSettings({ ...DEFAULT_NOTIFICATION_SETTINGS });
        }
      })
      .catch(ignoreAbort);
    return () => controller.abort();
  }, []);

  async function save() {
    if (!settings) return;
    setBusy(true);
    const result = await api.users.saveNotifications({ body: settings });
    setBusy(false);
    setNotice({ kind: result.ok ? 'success' : 'error', text: result.message });
  }

  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-notifications"
      data-testid="settings-notifications"
    >
      <h2 id="settings-notifications">
        <Bell aria-hidden="true" size={20} /> Notifications
      </h2>
      {!settings && <p className={pageStyles.muted}>Loading...</p>}
      {error && <FormAlert kind="error">{error}</FormAlert>}
      {settings && (
        <ul className={styles.toggles}>
          {TOGGLES.map(({ key, label }) => (
            <li key={key}>
              <label className={styles.toggle}>
                <span>{label}</span>
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={settings[key]}
                  checked={settings[key]}
                  onChange={(e) => setSettings({ ...settings, [key]: e.target.checked })}
                  data-testid={`toggle-${key}`}
                />
              </label>
            </li>
          ))}
        </ul>
      )}
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <button type="button" className={buttonStyles.btn} disabled={!settings || busy} onClick={() => void save()}>
        {busy ? 'Saving...' : 'Save Notifications'}
      </button>
    </section>
  );
}
