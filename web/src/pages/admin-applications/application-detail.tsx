import { BOT_ACCESS_STATUSES, type BotAccessStatus, type TBotAccessSubmission } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { formatForReader } from '../../components/clock/use-clock.js';
import { OpenedItemPane, StateNote } from '../../components/dashboard/admin-list-states.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import { QUESTIONS } from '../bot-access/bot-access-questions.js';
import styles from './admin-applications.module.css';
import type { AdminApplications } from './use-admin-applications.js';

export const STATUS_LABELS: Record<BotAccessStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  activated: 'Activated',
  rejected: 'Rejected',
};

/** An option per application status, in the order applications move through them. */
export function StatusOptions() {
  return BOT_ACCESS_STATUSES.map((value) => (
    <option key={value} value={value}>
      {STATUS_LABELS[value]}
    </option>
  ));
}

/** An answer as the applicant read it: the option's label, or the text they typed. */
function answerText(key: keyof typeof QUESTIONS, s: TBotAccessSubmission): string {
  const question = QUESTIONS[key];
  const raw = key === 'phoneNumber' ? s.phoneNumber : key === 'callNumber' ? s.callNumber : String(s[key]);
  if (!raw) return 'Not asked (question not shown)';
  if ('options' in question) return question.options.find((o) => o.value === raw)?.label ?? raw;
  return raw;
}

/** The open application: its twelve answers, when it arrived, and the status form with a note. */
export function ApplicationDetail({ state }: { state: AdminApplications }) {
  return (
    <OpenedItemPane
      opened={state.open}
      chooseText="Choose an application to see its answers."
      loadingLabel="Loading the application"
      loadingCard
      failure={(message) => (
        <StateNote testId="application-error" error>
          {message}
        </StateNote>
      )}
    >
      {(s) => (
        <article className={styles.detail} aria-labelledby="application-title" data-testid="application-detail">
          <header>
            <h2 id="application-title">{s.fullName}</h2>
            <p className={clsx(pageStyles.muted, pageStyles.small)}>
              Received {formatForReader(s.createdAt)} · status {STATUS_LABELS[s.status]}
            </p>
          </header>
          <ol className={styles.answers}>
            {(Object.keys(QUESTIONS) as Array<keyof typeof QUESTIONS>).map((key) => (
              <li key={key} value={QUESTIONS[key].n}>
                <span className={styles.question}>{QUESTIONS[key].title}</span>
                <span className={styles.answer} data-testid={`answer-${key}`}>
                  {answerText(key, s)}
                </span>
              </li>
            ))}
          </ol>
          <StatusForm key={`${s.id}:${s.updatedAt}`} submission={s} state={state} />
        </article>
      )}
    </OpenedItemPane>
  );
}

function StatusForm({ submission, state }: { submission: TBotAccessSubmission; state: AdminApplications }) {
  const id = useId();
  const [status, setStatus] = useState<BotAccessStatus>(submission.status);
  const [notes, setNotes] = useState(submission.notes ?? '');
  const [saving, setSaving] = useState(false);
  return (
    <form
      className={styles.statusForm}
      aria-label="Review"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        await state.changeStatus(submission.id, status, notes);
        setSaving(false);
      }}
    >
      <div className={formStyles.field}>
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          className={formStyles.select}
          value={status}
          onChange={(e) => setStatus(e.target.value as BotAccessStatus)}
        >
          <StatusOptions />
        </select>
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-notes`}>Note</label>
        <textarea
          id={`${id}-notes`}
          className={formStyles.textarea}
          rows={3}
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={saving}>
        {saving ? 'Saving...' : 'Save status'}
      </button>
    </form>
  );
}
