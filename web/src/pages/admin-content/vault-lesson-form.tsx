import {
  type TEditorLesson,
  type TVaultLessonPatch,
  type TVaultLessonRequest,
  VAULT_LIMITS,
  ZVaultLessonPatch,
  ZVaultLessonRequest,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Eye } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { LessonMarkdown } from '../../components/lesson/lesson-markdown.js';
import buttonStyles from '../../components/ui/button.module.css';
import { useContentSave } from './use-admin-content.js';
import vaultStyles from './vault-editor.module.css';
import { InputField, ResultLine, TextAreaField } from './vault-parts.js';

interface LessonDraft {
  title: string;
  /** As typed in the number field ('' when empty). */
  minutes: string;
  body: string;
}

/** The typed minutes as a number; an empty field is no number at all, which the schema refuses by name. */
const minutesOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function requestOf(draft: LessonDraft): Record<keyof TVaultLessonRequest, unknown> {
  return { title: draft.title, durationMinutes: minutesOf(draft.minutes), body: draft.body };
}

/** What an edit changes (only those fields are sent); an emptied field counts, so the schema names it. */
function changesOf(draft: LessonDraft, lesson: TEditorLesson): Partial<Record<keyof TVaultLessonRequest, unknown>> {
  const changes: Partial<Record<keyof TVaultLessonRequest, unknown>> = {};
  if (draft.title.trim() !== lesson.title) changes.title = draft.title;
  if (draft.minutes !== String(lesson.durationMinutes)) changes.durationMinutes = minutesOf(draft.minutes);
  if (draft.body.trim() !== lesson.body) changes.body = draft.body;
  return changes;
}

/**
 * A lesson of a course: a new one (added after the last) or a change to one, its text in Markdown with
 * a preview rendered exactly as members read it. On success the form closes and `onDone` shows the answer.
 */
export function LessonForm({
  courseId,
  lesson,
  onDone,
  onCancel,
  refresh,
}: {
  courseId: string;
  lesson: TEditorLesson | undefined;
  onDone(message: string): void;
  onCancel(): void;
  refresh(): Promise<void>;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [draft, setDraft] = useState<LessonDraft>(() => ({
    title: lesson?.title ?? '',
    minutes: lesson ? String(lesson.durationMinutes) : '',
    body: lesson?.body ?? '',
  }));
  const [preview, setPreview] = useState(false);
  const change = (patch: Partial<LessonDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const { errors, saving, result, save } = useContentSave<TVaultLessonPatch, TEditorLesson>(
    lesson ? ZVaultLessonPatch : ZVaultLessonRequest,
    ({ body }) =>
      lesson
        ? api.vaultEditor.updateLesson({ params: { id: lesson.id }, body })
        : // The request schema has just checked every field of a new lesson.
          api.vaultEditor.createLesson({ params: { id: courseId }, body: body as TVaultLessonRequest }),
    (answer) => {
      if (answer.ok) onDone(answer.message);
      void refresh();
    },
  );
  const unchanged = lesson !== undefined && Object.keys(changesOf(draft, lesson)).length === 0;

  // The form opens below the list: the reader is taken to it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <form
      className={vaultStyles.form}
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(lesson ? changesOf(draft, lesson) : requestOf(draft));
      }}
      data-testid="vault-lesson-form"
    >
      <h5 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {lesson ? `Edit lesson ${lesson.position}: ${lesson.title}` : 'Add a lesson'}
      </h5>
      <InputField
        id={`${id}-title`}
        label="Lesson title"
        value={draft.title}
        maxLength={VAULT_LIMITS.title}
        error={errors.title}
        onChange={(title) => change({ title })}
      />
      <InputField
        id={`${id}-minutes`}
        label="Length in minutes"
        type="number"
        min={1}
        max={VAULT_LIMITS.lessonMinutes}
        value={draft.minutes}
        error={errors.durationMinutes}
        onChange={(minutes) => change({ minutes })}
      />
      <TextAreaField
        id={`${id}-body`}
        label="Lesson text (Markdown)"
        rows={12}
        mono
        value={draft.body}
        maxLength={VAULT_LIMITS.lessonBody}
        hint="Headings (#), lists (-), **bold**, _italic_ and [links](https://…). HTML is not shown to members."
        error={errors.body}
        onChange={(body) => change({ body })}
        above={
          <button
            type="button"
            className={buttonStyles.btn}
            aria-pressed={preview}
            aria-controls={`${id}-preview`}
            onClick={() => setPreview((shown) => !shown)}
          >
            <Eye aria-hidden="true" size={16} /> Preview
          </button>
        }
      />
      <section
        id={`${id}-preview`}
        className={vaultStyles.preview}
        aria-label="Preview of the lesson"
        hidden={!preview}
        data-testid="vault-lesson-preview"
      >
        {preview &&
          (draft.body.trim() ? (
            // The preview sits under the form's own heading (an h5).
            <LessonMarkdown body={draft.body} outlineLevel={5} />
          ) : (
            <p className={pageStyles.muted}>Nothing to preview yet.</p>
          ))}
      </section>
      <div className={vaultStyles.actions}>
        <button
          type="submit"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          disabled={saving || unchanged}
        >
          {saving ? 'Saving...' : lesson ? 'Save lesson' : 'Add lesson'}
        </button>
        <button type="button" className={buttonStyles.btn} onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <ResultLine result={result} testId="vault-lesson-result" />
      </div>
    </form>
  );
}
