import {
  type TEditorSession,
  type TVaultSessionRequest,
  VAULT_LIMITS,
  ZVaultSessionPatch,
  ZVaultSessionRequest,
  zoneShortName,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import * as api from '../../api/api.js';
import { useClock } from '../../components/clock/use-clock.js';
import { instantOfWallTime, wallTimeOf } from '../../components/journal/wall-time.js';
import buttonStyles from '../../components/ui/button.module.css';
import { useContentSave } from './use-admin-content.js';
import vaultStyles from './vault-editor.module.css';
import { countOf, InputField, ResultLine, TextAreaField } from './vault-parts.js';

/** A session as the schema reads it: the start becomes a Date, sent back as the ISO text the API takes. */
type CheckedSession = z.output<typeof ZVaultSessionPatch>;

interface SessionDraft {
  title: string;
  host: string;
  description: string;
  /** The datetime-local value: the admin's own clock, to the minute. */
  start: string;
  /** As typed in the number field ('' when empty). */
  minutes: string;
}

const minutesOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function draftOf(session: TEditorSession | undefined, timeZone: string): SessionDraft {
  return {
    title: session?.title ?? '',
    host: session?.host ?? '',
    description: session?.description ?? '',
    start: session ? wallTimeOf(session.startsAt, timeZone).slice(0, 16) : '',
    minutes: session ? String(session.durationMinutes) : '60',
  };
}

/**
 * The draft as the API takes it. The start is read on the admin's own clock (the zone every time on the
 * dashboard is shown in, the browser's unless they chose one), so what they type is what the list shows;
 * an empty or impossible value is sent as typed, for the schema to name.
 */
function requestOf(draft: SessionDraft, timeZone: string): Record<keyof TVaultSessionRequest, unknown> {
  return {
    title: draft.title,
    host: draft.host,
    description: draft.description,
    startsAt: instantOfWallTime(draft.start, timeZone) ?? draft.start,
    durationMinutes: minutesOf(draft.minutes),
  };
}

/**
 * What an edit changes: only those fields are sent, so a past session's title can still be corrected
 * (a start that is sent must be in the future) and only a new start moves members' reminders.
 */
function changesOf(draft: SessionDraft, initial: SessionDraft, timeZone: string) {
  const request = requestOf(draft, timeZone);
  const changes: Partial<typeof request> = {};
  for (const key of ['title', 'host', 'description'] as const) {
    if (draft[key].trim() !== initial[key]) changes[key] = request[key];
  }
  if (draft.start !== initial.start) changes.startsAt = request.startsAt;
  if (draft.minutes !== initial.minutes) changes.durationMinutes = request.durationMinutes;
  return changes;
}

/** A live session, new or changed; on success the form closes and `onDone` shows the answer. */
export function SessionForm({
  session,
  onDone,
  onCancel,
  refresh,
}: {
  session: TEditorSession | undefined;
  onDone(message: string): void;
  onCancel(): void;
  refresh(): Promise<void>;
}) {
  const id = useId();
  const { timeZone } = useClock();
  const heading = useRef<HTMLHeadingElement>(null);
  const [initial] = useState(() => draftOf(session, timeZone));
  const [draft, setDraft] = useState(initial);
  const change = (patch: Partial<SessionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const { errors, saving, result, save } = useContentSave<CheckedSession, TEditorSession>(
    session ? ZVaultSessionPatch : ZVaultSessionRequest,
    ({ body: { startsAt, ...rest } }) => {
      const body = { ...rest, ...(startsAt ? { startsAt: startsAt.toISOString() } : {}) };
      return session
        ? api.vaultEditor.updateSession({ params: { id: session.id }, body })
        : // The request schema has just checked every field of a new session.
          api.vaultEditor.createSession({ body: body as TVaultSessionRequest });
    },
    (answer) => {
      if (answer.ok) onDone(answer.message);
      void refresh();
    },
  );
  const unchanged = session !== undefined && Object.keys(changesOf(draft, initial, timeZone)).length === 0;

  // The form opens below the list: the reader is taken to it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <form
      className={vaultStyles.form}
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(session ? changesOf(draft, initial, timeZone) : requestOf(draft, timeZone));
      }}
      data-testid="vault-session-form"
    >
      <h4 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {session ? `Edit session: ${session.title}` : 'New live session'}
      </h4>
      <InputField
        id={`${id}-title`}
        label="Session title"
        value={draft.title}
        maxLength={VAULT_LIMITS.title}
        error={errors.title}
        onChange={(title) => change({ title })}
      />
      <InputField
        id={`${id}-host`}
        label="Host"
        value={draft.host}
        maxLength={VAULT_LIMITS.person}
        error={errors.host}
        onChange={(host) => change({ host })}
      />
      <TextAreaField
        id={`${id}-description`}
        label="Description"
        rows={3}
        value={draft.description}
        maxLength={VAULT_LIMITS.description}
        error={errors.description}
        onChange={(description) => change({ description })}
      />
      <InputField
        id={`${id}-start`}
        label="Starts at"
        type="datetime-local"
        value={draft.start}
        hint={
          <>
            In your time zone, {timeZone} ({zoneShortName(Date.now(), timeZone)}); members see it in theirs.
            {session && session.reminders > 0
              ? ` ${countOf(session.reminders, 'member')} asked for a reminder: a new start moves it too.`
              : ''}
          </>
        }
        error={errors.startsAt}
        onChange={(start) => change({ start })}
      />
      <InputField
        id={`${id}-minutes`}
        label="Length in minutes"
        type="number"
        min={5}
        max={VAULT_LIMITS.sessionMinutes}
        value={draft.minutes}
        error={errors.durationMinutes}
        onChange={(minutes) => change({ minutes })}
      />
      <div className={vaultStyles.actions}>
        <button
          type="submit"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          disabled={saving || unchanged}
        >
          {saving ? 'Saving...' : session ? 'Save session' : 'Add session'}
        </button>
        <button type="button" className={buttonStyles.btn} onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <ResultLine result={result} testId="vault-session-result" />
      </div>
    </form>
  );
}
