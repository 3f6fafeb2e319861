import type { TLiveSession, TVault } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Award, BellOff, BellRing, CalendarClock, Download, MessageSquare, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import * as api from '../../api/api.js';
import { saveDownload } from '../../api/download.js';
import { formatForReader } from '../../components/clock/use-clock.js';
import { useSupportReachable } from '../../components/contacts/operator-contact.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './mentorship.module.css';

/** A session's start in the reader's own time zone, with the zone's name. */
function localTime(iso: string): string {
  return formatForReader(iso, { zoneName: true, withDate: true });
}

export function UpcomingSessions({
  sessions,
  onChanged,
}: {
  sessions: TLiveSession[];
  onChanged(session: TLiveSession): void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function toggle(session: TLiveSession) {
    setBusy(session.id);
    setMessage(null);
    const setReminder = session.reminderSet ? api.mentorship.cancelReminder : api.mentorship.setReminder;
    const result = await setReminder({ params: { id: session.id } });
    setBusy(null);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.message });
      return;
    }
    setMessage({ kind: 'success', text: result.message });
    onChanged(result.data);
  }

  return (
    <section className={panelStyles.panel} aria-labelledby="sessions-title" data-testid="vault-sessions">
      <h2 id="sessions-title">
        <CalendarClock aria-hidden="true" size={20} /> Upcoming sessions
      </h2>
      <p className={pageStyles.small}>Times are shown in your time zone.</p>
      {sessions.length === 0 ? (
        <p className={pageStyles.muted}>No live sessions are scheduled right now.</p>
      ) : (
        <ul className={styles.sessionList}>
          {sessions.map((session) => (
            <li key={session.id}>
              <div>
                <strong>{session.title}</strong>
                {session.sample ? <span className={styles.sampleTag}>Sample</span> : null}
                <p className={pageStyles.small}>
                  {localTime(session.startsAt)} · {session.durationMinutes} min · {session.host}
                </p>
              </div>
              <button
                type="button"
                className={clsx(buttonStyles.btn, session.reminderSet && buttonStyles.btnGhost)}
                disabled={busy === session.id}
                aria-pressed={session.reminderSet}
                onClick={() => toggle(session)}
              >
                {session.reminderSet ? (
                  <>
                    <BellOff aria-hidden="true" size={16} /> Cancel Reminder
                  </>
                ) : (
                  <>
                    <BellRing aria-hidden="true" size={16} /> Set Reminder
                  </>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {message ? (
        <p
          className={clsx(formStyles.alert, message.kind === 'error' ? formStyles.alertError : formStyles.alertSuccess)}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

export function VaultStats({ vault }: { vault: TVault }) {
  return (
    <section className={panelStyles.panel} aria-labelledby="vault-stats-title">
      <h2 id="vault-stats-title">Your learning</h2>
      <dl className={pageStyles.kv}>
        <div>
          <dt>Lessons completed</dt>
          <dd data-testid="stat-lessons">
            {vault.stats.lessonsCompleted} of {vault.overall.totalLessons}
          </dd>
        </div>
        <div>
          <dt>Courses completed</dt>
          <dd>
            {vault.stats.coursesCompleted} of {vault.courses.length}
          </dd>
        </div>
        <div>
          <dt>Minutes learned</dt>
          <dd>{vault.stats.minutesLearned}</dd>
        </div>
      </dl>
      <h3>
        <Award aria-hidden="true" size={18} /> Achievements
      </h3>
      <ul className={styles.achievements}>
        {vault.achievements.map((a) => (
          <li key={a.id} className={clsx(a.earned ? styles.earned : styles.unearned)}>
            <strong>{a.title}</strong>
            <span className={pageStyles.small}>
              {a.earned ? 'Earned' : 'Not yet'}: {a.description}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function QuickActions({ vault }: { vault: TVault }) {
  const navigate = useNavigate();
  // A session is booked through support: with no support contact set, the button would lead nowhere.
  const supportReachable = useSupportReachable();
  const [error, setError] = useState('');
  const book = () =>
    navigate('/dashboard/support', {
      state: {
        draft: {
          category: 'other',
          subject: 'Book a 1:1 mentorship session',
          message: 'I would like to book a 1:1 mentorship session. Times that suit me (with my time zone): ',
        },
      },
    });
  async function download(id: string) {
    setError('');
    const result = await saveDownload(api.mentorship.resourceFile({ params: { id } }), 'resource');
    if (!result.ok) setError(result.message);
  }
  return (
    <section className={panelStyles.panel} aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">Quick actions</h2>
      <div className={styles.quickActions}>
        <Link className={buttonStyles.btn} to="/dashboard/community">
          <MessageSquare aria-hidden="true" size={16} /> Join Community
        </Link>
        <a className={buttonStyles.btn} href="#vault-resources">
          <Download aria-hidden="true" size={16} /> Download Resources
        </a>
        {supportReachable && (
          <button type="button" className={buttonStyles.btn} onClick={book} data-testid="book-session">
            <UserRound aria-hidden="true" size={16} /> Book 1:1 Session
          </button>
        )}
      </div>
      <h3 id="vault-resources" tabIndex={-1}>
        Resources
      </h3>
      {vault.resources.length === 0 ? (
        <p className={pageStyles.muted}>No resources yet.</p>
      ) : (
        <ul className={styles.resourceList}>
          {vault.resources.map((r) => (
            <li key={r.id}>
              <button type="button" className={buttonStyles.linkBtn} onClick={() => download(r.id)}>
                {r.title}
              </button>
              <span className={pageStyles.small}>
                {' '}
                {r.fileName} · {Math.max(1, Math.round(r.sizeBytes / 1024))} KB{r.sample ? ' · sample' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className={clsx(formStyles.alert, formStyles.alertError)} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
