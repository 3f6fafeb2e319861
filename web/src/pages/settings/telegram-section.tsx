import { DeliveryMessages, type TTelegramLinkCode, type TTelegramStatus } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { formatDayForReader } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { FormAlert } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './settings.module.css';

/** While a code waits for the bot, the link is checked this often (the bot links it on any server). */
const LINK_CHECK_MS = 3000;

/** Telegram: link the member's chat with a one-time code, or unlink it; says so when the bot is off. */
export function TelegramSection() {
  const [status, setStatus] = useState<TTelegramStatus | null>(null);
  const [code, setCode] = useState<TTelegramLinkCode | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api.delivery
      .telegram({ signal: controller.signal })
      .then((result) => {
        if (result.ok) setStatus(result.data);
        else setNotice({ kind: 'error', text: result.message });
      })
      .catch(ignoreAbort);
    return () => controller.abort();
  }, []);

  // A code is out: look for the link until it appears or the code expires.
  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (Date.now() > Date.parse(code.expiresAt)) {
        setCode(null);
        return;
      }
      api.delivery
        .telegram({ signal: controller.signal })
        .then((result) => {
          if (result.ok && result.data.linked) {
            setStatus(result.data);
            setCode(null);
            setNotice({ kind: 'success', text: 'Telegram linked.' });
          }
        })
        .catch(ignoreAbort);
    }, LINK_CHECK_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [code]);

  async function link() {
    setBusy(true);
    setNotice(null);
    const result = await api.delivery.telegramLinkCode();
    setBusy(false);
    if (result.ok) setCode(result.data);
    else setNotice({ kind: 'error', text: result.message });
  }

  async function unlink() {
    setBusy(true);
    const result = await api.delivery.unlinkTelegram();
    setBusy(false);
    if (result.ok) setStatus(result.data);
    setNotice({ kind: result.ok ? 'success' : 'error', text: result.message });
  }

  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-telegram"
      data-testid="settings-telegram"
    >
      <h2 id="settings-telegram">
        <Send aria-hidden="true" size={20} /> Telegram
      </h2>
      {!status && !notice && <p className={pageStyles.muted}>Loading...</p>}
      {status && !status.enabled && <FormAlert kind="info">{DeliveryMessages.telegramOff}</FormAlert>}
      {status?.enabled && status.linked && (
        <>
          <p>
            Signals your membership includes arrive in your Telegram chat
            {status.username ? ` (@${status.username})` : ''}
            {status.linkedAt ? `, linked ${formatDayForReader(status.linkedAt)}` : ''}. Send /stop to the bot or unlink
            here to stop them.
          </p>
          <button type="button" className={buttonStyles.btn} disabled={busy} onClick={() => void unlink()}>
            Unlink Telegram
          </button>
        </>
      )}
      {status?.enabled && !status.linked && (
        <>
          <p className={pageStyles.muted}>
            Receive the signals your membership includes from our bot
            {status.botUsername ? ` @${status.botUsername}` : ''}.
          </p>
          {code ? (
            <div data-testid="telegram-code">
              <p>
                Send <code>/start {code.code}</code> to the bot within 15 minutes
                {code.link ? (
                  <>
                    {' '}
                    or{' '}
                    <a href={code.link} target="_blank" rel="noreferrer">
                      open the bot in Telegram
                    </a>
                  </>
                ) : null}
                .
              </p>
              <p className={pageStyles.muted} role="status">
                Waiting for the bot...
              </p>
            </div>
          ) : (
            <button type="button" className={buttonStyles.btn} disabled={busy} onClick={() => void link()}>
              Link Telegram
            </button>
          )}
        </>
      )}
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
    </section>
  );
}
