import { type TCreatedWebhookEndpoint, type TWebhookEndpoint, WEBHOOK_EVENT_LABELS } from '@signalroom/shared';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import * as api from '../../api/api.js';
import { formatMoment } from '../../components/dashboard/activation-format.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FormAlert, TextField } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './settings.module.css';
import { WebhookAttempts } from './webhook-attempts.js';

type Action = 'test' | 'recover' | 'rotate';
type Notice = { kind: 'error' | 'success'; text: string; field?: string | undefined } | null;

const DAY_MS = 24 * 60 * 60_000;

/** A `datetime-local` value (the reader's own clock, to the minute) for a moment. */
function localInputValue(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * One endpoint: its URL, events and state; its recent attempts on demand; and what its member may ask
 * of it: a test event, a recovery of the deliveries that failed since a time, a new signing secret
 * (shown by the section, once), enabling it again and deleting it. Each action shows its progress and
 * its outcome beside the endpoint.
 */
export function WebhookEndpointItem({
  endpoint,
  onEnable,
  onDelete,
  onRotated,
}: {
  endpoint: TWebhookEndpoint;
  onEnable(): void;
  onDelete(): void;
  onRotated(rotated: TCreatedWebhookEndpoint): void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [recovering, setRecovering] = useState(false);
  const [since, setSince] = useState(() =>
    localInputValue(endpoint.failingSince ? new Date(endpoint.failingSince) : new Date(Date.now() - DAY_MS)),
  );
  const attemptsId = useId();
  const sinceId = useId();

  let state = 'Receiving';
  if (!endpoint.enabled) state = `Disabled ${endpoint.disabledAt ? formatMoment(endpoint.disabledAt) : ''}`;
  else if (endpoint.failingSince) state = `Failing since ${formatMoment(endpoint.failingSince)}`;

  async function sendTest() {
    setBusy('test');
    const result = await api.webhooks.test({ params: { id: endpoint.id } });
    setBusy(null);
    setNotice({ kind: result.ok ? 'success' : 'error', text: result.message });
  }

  async function rotate() {
    setBusy('rotate');
    const result = await api.webhooks.rotateSecret({ params: { id: endpoint.id } });
    setBusy(null);
    if (result.ok) {
      setNotice(null);
      onRotated(result.data);
    } else setNotice({ kind: 'error', text: result.message });
  }

  async function recover(event: FormEvent) {
    event.preventDefault();
    const at = new Date(since);
    if (Number.isNaN(at.getTime())) {
      setNotice({ kind: 'error', text: 'Choose the date and time to recover from.', field: 'since' });
      return;
    }
    setBusy('recover');
    const result = await api.webhooks.recover({ params: { id: endpoint.id }, body: { since: at.toISOString() } });
    setBusy(null);
    if (result.ok) setRecovering(false);
    setNotice({
      kind: result.ok ? 'success' : 'error',
      text: result.message,
      field: result.ok ? undefined : result.fields.since,
    });
  }

  return (
    <li className={styles.endpoint} data-testid="settings-webhook">
      <p className={styles.url}>
        <code>{endpoint.url}</code>
      </p>
      <p className={pageStyles.small}>
        {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')} · {state}
      </p>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <p className={clsx(pageStyles.small, styles.failed)}>{endpoint.disabledReason}</p>
      ) : null}
      {endpoint.previousSecretExpiresAt ? (
        <p className={clsx(pageStyles.small, pageStyles.muted)}>
          The previous signing secret also signs until {formatMoment(endpoint.previousSecretExpiresAt)}.
        </p>
      ) : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonStyles.btn}
          aria-expanded={open}
          aria-controls={attemptsId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide attempts' : 'Recent attempts'}
        </button>
        <button type="button" className={buttonStyles.btn} disabled={busy !== null} onClick={() => void sendTest()}>
          {busy === 'test' ? 'Sending...' : 'Send test event'}
        </button>
        {endpoint.enabled && (
          <button
            type="button"
            className={buttonStyles.btn}
            aria-expanded={recovering}
            disabled={busy !== null}
            onClick={() => setRecovering(!recovering)}
          >
            Recover failed
          </button>
        )}
        <button type="button" className={buttonStyles.btn} disabled={busy !== null} onClick={() => void rotate()}>
          {busy === 'rotate' ? 'Rotating...' : 'Rotate secret'}
        </button>
        {!endpoint.enabled && (
          <button type="button" className={buttonStyles.btn} onClick={onEnable}>
            Enable again
          </button>
        )}
        <button
          type="button"
          className={buttonStyles.btn}
          onClick={onDelete}
          aria-label={`Delete webhook endpoint ${endpoint.url}`}
        >
          Delete
        </button>
      </div>
      {recovering && (
        <form className={formStyles.form} onSubmit={recover} noValidate data-testid="webhook-recover">
          <TextField
            id={sinceId}
            label="Send again every delivery that failed since"
            type="datetime-local"
            value={since}
            onChange={(event) => setSince(event.target.value)}
            error={notice?.field}
          />
          <div>
            <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy !== null}>
              {busy === 'recover' ? 'Recovering...' : 'Recover'}
            </button>
          </div>
        </form>
      )}
      {notice && !notice.field ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <div id={attemptsId}>{open && <WebhookAttempts endpointId={endpoint.id} enabled={endpoint.enabled} />}</div>
    </li>
  );
}
