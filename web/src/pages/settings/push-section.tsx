import type { TPushDevice } from '@signalroom/shared';
import { clsx } from 'clsx';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { formatForReader } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FormAlert, TextField } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './settings.module.css';
import {
  currentPushEndpoint,
  guessDeviceName,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
  webPushSupported,
} from './web-push.js';

type Notice = { kind: 'error' | 'success' | 'info'; text: string };

/** Web Push: signals on this browser's lock screen, and the member's other browsers with a remove each. */
export function PushSection() {
  const supported = webPushSupported();
  const [devices, setDevices] = useState<TPushDevice[] | null>(null);
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [deviceName, setDeviceName] = useState(() => (supported ? guessDeviceName() : ''));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [thisDeviceId, setThisDeviceId] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.delivery
      .pushDevices({ signal: controller.signal })
      .then((result) => {
        if (result.ok) setDevices(result.data);
        else {
          setDevices([]);
          setNotice({ kind: 'error', text: result.message });
        }
      })
      .catch(ignoreAbort);
    currentPushEndpoint().then(setThisEndpoint, () => setThisEndpoint(null));
    return () => controller.abort();
  }, []);

  async function enable() {
    setBusy(true);
    setNotice(null);
    try {
      const key = await api.delivery.pushKey();
      if (!key.ok) return setNotice({ kind: 'error', text: key.message });
      const subscribed = await subscribeThisBrowser(key.data.publicKey, deviceName.trim() || guessDeviceName());
      if (!subscribed.ok) {
        return setNotice({
          kind: 'error',
          text: 'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
        });
      }
      const saved = await api.delivery.subscribePush({ body: subscribed.request });
      if (!saved.ok) return setNotice({ kind: 'error', text: saved.message });
      setThisEndpoint(subscribed.request.endpoint);
      setThisDeviceId(saved.data.id);
      setDevices((list) => [...(list ?? []).filter((d) => d.id !== saved.data.id), saved.data]);
      setNotice({ kind: 'success', text: saved.message });
    } catch (error) {
      setNotice({ kind: 'error', text: `This browser could not subscribe: ${(error as Error).message}` });
    } finally {
      setBusy(false);
    }
  }

  async function remove(device: TPushDevice) {
    const result = await api.delivery.removePushDevice({ params: { id: device.id } });
    if (!result.ok) return setNotice({ kind: 'error', text: result.message });
    // The server has forgotten the device, so nothing is sent to it from here on. This browser's own
    // subscription is dropped too, so that subscribing again starts clean; should the browser refuse,
    // the removal still stands, and the member is told what is left behind rather than nothing.
    let keptByBrowser = false;
    if (device.id === thisDeviceId) {
      keptByBrowser = await unsubscribeThisBrowser().then(
        () => false,
        () => true,
      );
      setThisEndpoint(null);
    }
    setDevices((list) => (list ?? []).filter((d) => d.id !== device.id));
    setNotice(
      keptByBrowser
        ? {
            kind: 'info',
            text: `${result.message} This browser kept its own push subscription, but no signal is sent to it any more.`,
          }
        : { kind: 'success', text: result.message },
    );
  }

  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-push"
      data-testid="settings-push"
    >
      <h2 id="settings-push">
        <BellRing aria-hidden="true" size={20} /> Web Push
      </h2>
      <p className={pageStyles.muted}>
        Signals your membership includes, on this device's screen even when the page is closed (with Signal alerts on).
      </p>
      {!supported ? (
        <FormAlert kind="info">This browser cannot receive push notifications.</FormAlert>
      ) : (
        <div className={styles.row}>
          <TextField
            id="push-device-name"
            label="Name of this device"
            value={deviceName}
            maxLength={100}
            onChange={(e) => setDeviceName(e.target.value)}
          />
          <button type="button" className={buttonStyles.btn} disabled={busy} onClick={() => void enable()}>
            {busy ? 'Enabling...' : thisEndpoint ? 'Enable again on this browser' : 'Enable on this browser'}
          </button>
        </div>
      )}
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      {devices === null && <p className={pageStyles.muted}>Loading...</p>}
      {devices?.length === 0 && <p className={pageStyles.muted}>No device receives signals by push yet.</p>}
      {devices && devices.length > 0 && (
        <ul className={styles.sessions} aria-label="Devices receiving signals">
          {devices.map((device) => (
            <li key={device.id} className={styles.session}>
              <p>
                <strong>{device.deviceName}</strong>
                {device.id === thisDeviceId ? <span className={styles.badge}>This browser</span> : null}
                <br />
                <span className={pageStyles.muted}>Added {formatForReader(device.createdAt)}</span>
              </p>
              <button
                type="button"
                className={buttonStyles.btn}
                onClick={() => void remove(device)}
                aria-label={`Remove ${device.deviceName}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
