import type { TEditorSession } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import { useVaultAction } from './use-vault-editor.js';
import vaultStyles from './vault-editor.module.css';
import { countOf, ResultLine, SampleTag, ServerButton } from './vault-parts.js';
import { SessionForm } from './vault-session-form.js';

/** A fresh key per opened form, so "New session" never keeps the last one's draft. */
let nextFormKey = 0;

/** The live sessions, past ones included (members no longer see those), with the session form. */
export function SessionsPart({ sessions, refresh }: { sessions: TEditorSession[]; refresh(): Promise<void> }) {
  const id = useId();
  const { timeZone, format } = useClock();
  const action = useVaultAction(refresh);
  const [form, setForm] = useState<{ key: number; session: TEditorSession | undefined } | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  // Once the form closes, the reader is back on "New session" rather than at the top of the page.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (form || !returnFocus.current) return;
    returnFocus.current = false;
    newButton.current?.focus();
  }, [form]);
  const open = (session: TEditorSession | undefined) => setForm({ key: ++nextFormKey, session });
  const close = () => {
    returnFocus.current = true;
    setForm(null);
  };
  /** The start in the reader's own zone, named ("15 Jan 2027, 19:00 GMT+1"). */
  const startOf = (session: TEditorSession) => format(session.startsAt, { zoneName: true, withDate: true });

  async function remove(session: TEditorSession) {
    const deleted = await action.run(
      `delete:${session.id}`,
      () => api.vaultEditor.deleteSession({ params: { id: session.id } }),
      `Delete the session “${session.title}” (${startOf(session)})?` +
        (session.reminders > 0
          ? ` ${countOf(session.reminders, 'member')} asked for a reminder: it will not be sent.`
          : ''),
    );
    // A session open in the form is gone: the form would save into nothing.
    if (deleted && form?.session?.id === session.id) setForm(null);
  }

  return (
    <section className={vaultStyles.part} aria-labelledby={`${id}-title`} data-testid="vault-sessions-editor">
      <div className={vaultStyles.partHead}>
        <h3 id={`${id}-title`}>Live sessions</h3>
        {!form && (
          <button
            ref={newButton}
            type="button"
            className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
            onClick={() => open(undefined)}
          >
            <Plus aria-hidden="true" size={16} /> New session
          </button>
        )}
      </div>
      <p className={clsx(pageStyles.small, pageStyles.muted)}>Times are shown in your time zone, {timeZone}.</p>
      {sessions.length === 0 ? (
        <p className={pageStyles.muted}>No live sessions.</p>
      ) : (
        <ul className={vaultStyles.items}>
          {sessions.map((session) => {
            const ended = Date.parse(session.startsAt) + session.durationMinutes * 60_000 < Date.now();
            return (
              <li key={session.id} className={vaultStyles.item} data-testid="vault-session">
                <div className={vaultStyles.itemHead}>
                  <h4>{session.title}</h4>
                  {ended && <span className={clsx(vaultStyles.status, vaultStyles.statusDraft)}>Ended</span>}
                  <SampleTag sample={session.sample} />
                </div>
                <p className={clsx(pageStyles.small, pageStyles.muted)}>
                  {startOf(session)} · {session.durationMinutes} min · Host: {session.host} ·{' '}
                  {countOf(session.reminders, 'reminder')}
                </p>
                <div className={vaultStyles.actions}>
                  <button type="button" className={buttonStyles.btn} onClick={() => open(session)}>
                    Edit<span className={textStyles.srOnly}> session {session.title}</span>
                  </button>
                  <ServerButton
                    label="Delete"
                    busyLabel="Deleting..."
                    item={`session ${session.title}`}
                    running={action.busy === `delete:${session.id}`}
                    disabled={action.busy !== null}
                    onClick={() => void remove(session)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ResultLine result={action.result} testId="vault-sessions-result" />
      {form && (
        <SessionForm
          key={form.key}
          session={form.session}
          refresh={refresh}
          onCancel={close}
          onDone={(message) => {
            close();
            action.announce({ ok: true, message });
          }}
        />
      )}
    </section>
  );
}
