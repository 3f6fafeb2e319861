import {
  pagePath,
  type TCreatedWebhookEndpoint,
  type TWebhookEndpoint,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_PER_MEMBER,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Webhook } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FormAlert, TextField } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { SectionLoadState } from '../../components/ui/section-load-state.js';
import { ConfirmRemovalDialog } from './confirm-removal-dialog.js';
import styles from './settings.module.css';
import { ShownOnceSecret } from './shown-once-secret.js';
import { WebhookEndpointItem } from './webhook-endpoint-item.js';

type EndpointsState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; endpoints: TWebhookEndpoint[] };
type Outcome = { kind: 'error' | 'success'; text: string; fields?: Record<string, string> } | null;

/**
 * Webhooks (members with live access): the member's own URLs receive each chosen event, signed per the
 * Standard Webhooks specification with the endpoint's secret (shown once, when it is added or rotated).
 * Each endpoint lists its recent attempts, can resend one, recover what failed, send a test event, rotate
 * its secret, and is enabled again after the server disabled it.
 */
export function WebhooksSection() {
  const [state, setState] = useState<EndpointsState>({ phase: 'loading' });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['signal.issued', 'signal.resolved']);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [created, setCreated] = useState<{ endpoint: TCreatedWebhookEndpoint; rotated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const eventsId = useId();

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await api.webhooks.list({ signal });
    setState(result.ok ? { phase: 'ready', endpoints: result.data } : { phase: 'error', message: result.message });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(ignoreAbort);
    return () => controller.abort();
  }, [load]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.webhooks.create({ body: { url, events } });
    setBusy(false);
    if (!result.ok) {
      setOutcome({ kind: 'error', text: result.message, fields: result.fields });
      return;
    }
    setUrl('');
    setOutcome(null);
    setCreated({ endpoint: result.data, rotated: false });
    await load();
  }

  async function enable(endpoint: TWebhookEndpoint) {
    const result = await api.webhooks.update({ params: { id: endpoint.id }, body: { enabled: true } });
    setOutcome({ kind: result.ok ? 'success' : 'error', text: result.message });
    if (result.ok) await load();
  }

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((list) => WEBHOOK_EVENTS.filter((e) => (e === event ? on : list.includes(e))));
  const full = state.phase === 'ready' && state.endpoints.length >= WEBHOOK_MAX_PER_MEMBER;
  const eventsError = outcome?.fields?.events;
  const formMessage = outcome && !outcome.fields?.url && !eventsError ? outcome : null;
  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-webhooks"
      data-testid="settings-webhooks"
    >
      <h2 id="settings-webhooks">
        <Webhook aria-hidden="true" size={20} /> Webhooks
      </h2>
      <p className={pageStyles.muted}>
        Your own URLs receive signals as they are issued and resolved, and analysts' follow-up notes, as signed JSON
        (Standard Webhooks: verify the <code>webhook-signature</code> header with the endpoint's secret). Up to{' '}
        {WEBHOOK_MAX_PER_MEMBER} endpoints.
      </p>
      <p className={pageStyles.small}>
        <Link to={pagePath('connect-tools')}>How to connect your tools</Link>, with programs to copy.
      </p>
      {created && (
        <ShownOnceSecret
          secret={created.endpoint.secret}
          noun="secret"
          warning={
            created.rotated
              ? `Copy the new signing secret of ${created.endpoint.url} now: it will not be shown again. For 24 hours every webhook is signed with both the old and the new secret, so switch your receiver to the new one within that time.`
              : `Copy the signing secret of ${created.endpoint.url} now: it will not be shown again. Your receiver needs it to check each webhook.`
          }
          onDone={() => setCreated(null)}
          testId="created-webhook"
          secretTestId="webhook-secret"
        />
      )}
      <SectionLoadState state={state} what="webhook endpoints" onRetry={() => void load()} />
      {state.phase === 'ready' && state.endpoints.length === 0 && (
        <p className={pageStyles.muted}>No webhook endpoints yet.</p>
      )}
      {state.phase === 'ready' && state.endpoints.length > 0 && (
        <ul className={styles.sessions}>
          {state.endpoints.map((endpoint) => (
            <WebhookEndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              onEnable={() => void enable(endpoint)}
              onDelete={() => setDeleting(endpoint)}
              onRotated={(rotated) => {
                setCreated({ endpoint: rotated, rotated: true });
                void load();
              }}
            />
          ))}
        </ul>
      )}
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          id="settings-webhook-url"
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          onChange={(event) => setUrl(event.target.value)}
          error={outcome?.fields?.url}
        />
        <fieldset aria-describedby={eventsError ? `${eventsId}-error` : undefined}>
          <legend>Events</legend>
          <div className={styles.events}>
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event}>
                <input
                  type="checkbox"
                  checked={events.includes(event)}
                  onChange={(e) => toggle(event, e.target.checked)}
                />
                {WEBHOOK_EVENT_LABELS[event]}
              </label>
            ))}
          </div>
          {eventsError ? (
            <p id={`${eventsId}-error`} className={formStyles['field-error']}>
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        {formMessage ? <FormAlert kind={formMessage.kind}>{formMessage.text}</FormAlert> : null}
        <div>
          <button
            type="submit"
            className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
            disabled={busy || state.phase !== 'ready' || full}
          >
            {busy ? 'Adding...' : 'Add Endpoint'}
          </button>
        </div>
      </form>
      {deleting && (
        // Confirms a deletion: nothing more is sent to the URL, and its attempts are gone with it.
        <ConfirmRemovalDialog
          testId="delete-webhook-dialog"
          words={{
            title: 'Delete this webhook endpoint?',
            consequence: (
              <p className={styles.url}>
                Nothing more is sent to <code>{deleting.url}</code>, and its recent attempts are deleted.
              </p>
            ),
            keep: 'Keep Endpoint',
            confirm: 'Delete Endpoint',
            busy: 'Deleting...',
          }}
          remove={() => api.webhooks.remove({ params: { id: deleting.id } })}
          onClose={() => setDeleting(null)}
          onRemoved={(text) => {
            setOutcome({ kind: 'success', text });
            void load();
          }}
        />
      )}
    </section>
  );
}
