import { isFeatureLocked } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Bell, BellOff, Copy, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { UnlockActions } from '../../components/dashboard/content-lock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './copy-trading.module.css';

/**
 * Auto-Copy System (/dashboard/copy-trading). Locked: a static preview of the planned screen, labelled
 * as a preview (no figure on it is a record). Unlocked: it is in development; members may ask to be told
 * when it launches (stored), and admins see how many asked.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  if (isFeatureLocked('copy-trading', user)) return <Preview />;
  return <ComingSoon admin={user.role === 'admin'} />;
}

function Preview() {
  return (
    <div className={pageStyles.page} data-testid="copy-trading-preview">
      <header className={pageStyles.pageHead}>
        <h1>
          <Copy aria-hidden="true" size={26} /> Auto-Copy System
        </h1>
        <p className={pageStyles.muted}>
          <Lock aria-hidden="true" size={14} /> Locked. Activate your account to unlock it (Silver+).
        </p>
      </header>
      <section className={clsx(panelStyles.panel, styles.preview)} aria-labelledby="preview-title">
        <p className={styles.previewTag}>Preview: example settings, not a live account</p>
        <h2 id="preview-title">Copy connection</h2>
        <dl className={pageStyles.kv}>
          <div>
            <dt>Connection</dt>
            <dd>Live (example)</dd>
          </div>
          <div>
            <dt>Copied trades</dt>
            <dd>Shown here once connected</dd>
          </div>
          <div>
            <dt>Copy amount</dt>
            <dd>$50.00 per trade</dd>
          </div>
          <div>
            <dt>Max daily trades</dt>
            <dd>10</dd>
          </div>
        </dl>
      </section>
      <UnlockActions />
    </div>
  );
}

function ComingSoon({ admin }: { admin: boolean }) {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api.copyTrading.notice({ signal: controller.signal }).then(
      (result) => {
        if (result.ok) setSubscribed(result.data.subscribed);
        else setMessage({ kind: 'error', text: result.message });
      },
      // Aborted: the page left; anything else is logged.
      ignoreAbort,
    );
    if (admin) {
      api.copyTrading.noticeCount({ signal: controller.signal }).then(
        (result) => {
          if (result.ok) setCount(result.data.count);
        },
        // Aborted: the page left; anything else is logged.
        ignoreAbort,
      );
    }
    return () => controller.abort();
  }, [admin]);

  async function toggle() {
    if (subscribed === null) return;
    setBusy(true);
    const result = await api.copyTrading.setNotice({ body: { subscribed: !subscribed } });
    setBusy(false);
    setMessage({ kind: result.ok ? 'success' : 'error', text: result.message });
    if (result.ok) {
      if (count !== null)
        setCount(count + (result.data.subscribed === subscribed ? 0 : result.data.subscribed ? 1 : -1));
      setSubscribed(result.data.subscribed);
    }
  }

  return (
    <div className={pageStyles.page} data-testid="copy-trading-soon">
      <section className={clsx(panelStyles.panel, pageStyles.state)} aria-labelledby="soon-title">
        <Copy aria-hidden="true" size={40} />
        <p className={styles.badge}>IN DEVELOPMENT</p>
        <h1 id="soon-title">Coming Soon</h1>
        <p className={pageStyles.muted}>The Auto-Copy System is being built. It is not available yet.</p>
        <button
          type="button"
          className={clsx(buttonStyles.btn, !subscribed && buttonStyles.btnPrimary)}
          disabled={busy || subscribed === null}
          aria-pressed={subscribed ?? false}
          onClick={toggle}
          data-testid="launch-notice"
        >
          {subscribed ? (
            <>
              <BellOff aria-hidden="true" size={16} /> Stop notifying me
            </>
          ) : (
            <>
              <Bell aria-hidden="true" size={16} /> Notify me when it launches
            </>
          )}
        </button>
        {message ? (
          <p
            className={clsx(
              formStyles.alert,
              message.kind === 'error' ? formStyles.alertError : formStyles.alertSuccess,
            )}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        ) : null}
        {admin && count !== null ? (
          <p className={pageStyles.small} data-testid="launch-notice-count">
            Admins: {count} member{count === 1 ? '' : 's'} asked to be notified.
          </p>
        ) : null}
      </section>
    </div>
  );
}
