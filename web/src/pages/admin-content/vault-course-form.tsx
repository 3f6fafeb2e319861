import {
  COURSE_CATEGORIES,
  COURSE_CATEGORY_LABELS,
  COURSE_LEVELS,
  type CourseCategory,
  type CourseLevel,
  type TEditorCourse,
  type TVaultCoursePatch,
  type TVaultCourseRequest,
  VAULT_LIMITS,
  ZVaultCoursePatch,
  ZVaultCourseRequest,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import * as api from '../../api/api.js';
import buttonStyles from '../../components/ui/button.module.css';
import { useContentSave } from './use-admin-content.js';
import vaultStyles from './vault-editor.module.css';
import { InputField, ResultLine, SelectField, TextAreaField } from './vault-parts.js';

const CATEGORY_OPTIONS = COURSE_CATEGORIES.map((value) => ({ value, label: COURSE_CATEGORY_LABELS[value] }));
const LEVEL_OPTIONS = COURSE_LEVELS.map((value) => ({ value, label: value }));

interface CourseDraft {
  title: string;
  category: CourseCategory;
  level: CourseLevel;
  instructor: string;
  description: string;
  /** As typed: topics separated by commas. */
  topics: string;
  featured: boolean;
}

function draftOf(course: TEditorCourse | undefined): CourseDraft {
  return {
    title: course?.title ?? '',
    category: course?.category ?? COURSE_CATEGORIES[0],
    level: course?.level ?? COURSE_LEVELS[0],
    instructor: course?.instructor ?? '',
    description: course?.description ?? '',
    topics: course?.topics.join(', ') ?? '',
    featured: course?.featured ?? false,
  };
}

/** "Candles, windows ," → ["Candles", "windows"]. */
const topicsOf = (text: string): string[] =>
  text
    .split(',')
    .map((topic) => topic.trim())
    .filter(Boolean);

function requestOf(draft: CourseDraft): TVaultCourseRequest {
  return { ...draft, topics: topicsOf(draft.topics) };
}

/**
 * What an edit changes, field by field (text compared as the server stores it, trimmed): only those are
 * sent, so the audit trail names what the admin changed and an untouched form has nothing to save.
 */
function changesOf(draft: CourseDraft, course: TEditorCourse): TVaultCoursePatch {
  const request = requestOf(draft);
  const changes: Record<string, unknown> = {};
  for (const key of ['title', 'category', 'level', 'instructor', 'description', 'featured'] as const) {
    const value = request[key];
    if ((typeof value === 'string' ? value.trim() : value) !== course[key]) changes[key] = value;
  }
  if (request.topics?.join('\n') !== course.topics.join('\n')) changes.topics = request.topics;
  // Each value is the request's own, of its field's type.
  return changes as TVaultCoursePatch;
}

/**
 * A course's details: a new course (POST, a draft) or an existing one (PATCH with what changed). Checked
 * by the shared schema first, with the server's messages under each field; the server's answer below.
 */
export function CourseForm({
  course,
  onCreated,
  refresh,
}: {
  /** The course being edited; none for a new one. */
  course: TEditorCourse | undefined;
  onCreated(course: TEditorCourse): void;
  refresh(): Promise<void>;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(course));
  const change = (patch: Partial<CourseDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const { errors, saving, result, save } = useContentSave<TVaultCoursePatch, TEditorCourse>(
    course ? ZVaultCoursePatch : ZVaultCourseRequest,
    ({ body }) =>
      course
        ? api.vaultEditor.updateCourse({ params: { id: course.id }, body })
        : // The request schema has just checked every field of a new course.
          api.vaultEditor.createCourse({ body: body as TVaultCourseRequest }),
    (answer) => {
      if (answer.ok && !course) onCreated(answer.data);
      void refresh();
    },
  );
  const unchanged = course !== undefined && Object.keys(changesOf(draft, course)).length === 0;
  const topicsError = Object.entries(errors).find(([key]) => key.startsWith('topics'))?.[1];

  return (
    <form
      className={vaultStyles.form}
      aria-label={course ? 'Course details' : 'New course'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(course ? changesOf(draft, course) : requestOf(draft));
      }}
      data-testid="vault-course-form"
    >
      <InputField
        id={`${id}-title`}
        label="Title"
        value={draft.title}
        maxLength={VAULT_LIMITS.title}
        error={errors.title}
        onChange={(title) => change({ title })}
      />
      <SelectField
        id={`${id}-category`}
        label="Category"
        value={draft.category}
        options={CATEGORY_OPTIONS}
        error={errors.category}
        onChange={(category) => change({ category })}
      />
      <SelectField
        id={`${id}-level`}
        label="Level"
        value={draft.level}
        options={LEVEL_OPTIONS}
        error={errors.level}
        onChange={(level) => change({ level })}
      />
      <InputField
        id={`${id}-instructor`}
        label="Instructor"
        value={draft.instructor}
        maxLength={VAULT_LIMITS.person}
        error={errors.instructor}
        onChange={(instructor) => change({ instructor })}
      />
      <TextAreaField
        id={`${id}-description`}
        label="Description"
        rows={4}
        value={draft.description}
        maxLength={VAULT_LIMITS.description}
        error={errors.description}
        onChange={(description) => change({ description })}
      />
      <InputField
        id={`${id}-topics`}
        label="Topics"
        value={draft.topics}
        hint={`Separated by commas: at most ${VAULT_LIMITS.topics}, each at most ${VAULT_LIMITS.topic} characters.`}
        error={topicsError}
        onChange={(topics) => change({ topics })}
      />
      <label className={vaultStyles.check}>
        <input type="checkbox" checked={draft.featured} onChange={(e) => change({ featured: e.target.checked })} />{' '}
        Featured (shown at the top of the vault)
      </label>
      <div className={vaultStyles.actions}>
        <button
          type="submit"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          // An untouched course has nothing to send (the server would refuse an empty change).
          disabled={saving || unchanged}
        >
          {saving ? 'Saving...' : course ? 'Save course' : 'Create course'}
        </button>
        <ResultLine result={result} testId="vault-course-result" />
      </div>
    </form>
  );
}
