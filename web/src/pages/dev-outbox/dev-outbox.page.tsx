import type { TDevOutboxMail } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Inbox, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as api from '../../api/api.js';
import { formatForReader } from '../../components/clock/use-clock.js';
import { Brand } from '../../components/public/brand.js';
import publicStyles from '../../components/public/public-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import botAccessStyles from '../bot-access/bot-access.module.css';
import styles from './dev-outbox.module.css';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; mails: TDevOutboxMail[] };

/** Development outbox: the mails the server sent or would send (confirmation codes, reset links). */
export function Component() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const config = usePublicConfigStore((s) => s.config);
  const loadConfig = usePublicConfigStore((s) => s.load);
  useEffect(() => {
    void loadConfig();
  }, [loadConfig]);
  const production = config?.devOutbox === false;
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const answer = await api.platform.devOutbox();
    if (answer.ok) setState({ status: 'ready', mails: answer.data });
    else setState({ status: 'error', message: answer.message });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className={publicStyles.pub}>
      <header className={publicStyles.container} style={{ paddingTop: '1.25rem' }}>
        <Brand />
      </header>
      <main className={botAccessStyles.baWrap}>
        <h1>Development outbox</h1>
        <p className={clsx(formStyles.alert, formStyles.alertInfo)}>
          For local runs only: this page lists the e-mails the server sent (confirmation codes, reset links). It does
          not exist in production.
        </p>
        <p>
          <button type="button" className={buttonStyles.btn} onClick={load} disabled={state.status === 'loading'}>
            <RefreshCw size={16} aria-hidden="true" /> Refresh
          </button>{' '}
          <Link to="/">Back to home</Link>
        </p>
        {production ? (
          <p role="alert" className={clsx(formStyles.alert, formStyles.alertError)}>
            This server runs in production: there is no development outbox here.
          </p>
        ) : null}
        {state.status === 'loading' && !production ? (
          <p role="status" className={publicStyles.muted}>
            Loading mails...
          </p>
        ) : null}
        {state.status === 'error' && !production ? (
          <p role="alert" className={clsx(formStyles.alert, formStyles.alertError)}>
            {state.message}
          </p>
        ) : null}
        {state.status === 'ready' && state.mails.length === 0 ? (
          <div className={clsx(panelStyles.card, publicStyles.center)}>
            <Inbox size={28} aria-hidden="true" />
            <p>No mails yet. Sign up or request a password reset to see one here.</p>
          </div>
        ) : null}
        {state.status === 'ready' && state.mails.length > 0 ? (
          <ul className={styles.outboxList}>
            {state.mails.map((m) => (
              <li key={m.id} className={panelStyles.card}>
                <strong>{m.subject || '(no subject)'}</strong>
                <div className={clsx(publicStyles.muted, publicStyles.small)}>
                  To {m.to}
                  {` · ${formatForReader(m.createdAt, { seconds: true })}`}
                  {m.kind ? ` · ${m.kind}` : ''}
                </div>
                <pre>{m.text}</pre>
              </li>
            ))}
          </ul>
        ) : null}
      </main>
    </div>
  );
}
