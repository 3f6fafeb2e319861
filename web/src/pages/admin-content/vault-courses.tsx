import { COURSE_CATEGORY_LABELS, type TEditorCourse } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ArrowLeft, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import { useVaultAction, type VaultAction } from './use-vault-editor.js';
import { CourseForm } from './vault-course-form.js';
import vaultStyles from './vault-editor.module.css';
import { LessonsPart } from './vault-lessons.js';
import { countOf, PublishedBadge, ResultLine, SampleTag, ServerButton } from './vault-parts.js';

/** A fresh key per opened course, so "New course" never keeps the last one's draft. */
let nextEditorKey = 0;

/**
 * The vault's courses: the list (status, sample tag, Edit, Publish or Unpublish, Delete) or, in its place,
 * one course open: its details, its lessons, and publishing last, once it has what members need.
 */
export function CoursesPart({ courses, refresh }: { courses: TEditorCourse[]; refresh(): Promise<void> }) {
  const id = useId();
  const action = useVaultAction(refresh);
  /** The open course (`id` null: a new one, until it is created); the key stays when it is created. */
  const [editing, setEditing] = useState<{ key: number; id: string | null } | null>(null);
  // The course just created, until the editor's next read lists it.
  const [created, setCreated] = useState<TEditorCourse | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef(false);
  // Back from a course, the reader is at the list's heading rather than at the top of the page.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    heading.current?.focus();
  }, [editing]);

  const open = (courseId: string | null) => {
    action.announce(null);
    setEditing({ key: ++nextEditorKey, id: courseId });
  };
  const close = () => {
    returnFocus.current = true;
    setEditing(null);
  };
  const course = editing?.id
    ? (courses.find((c) => c.id === editing.id) ?? (created?.id === editing.id ? created : undefined))
    : undefined;

  return (
    <section className={vaultStyles.part} aria-labelledby={`${id}-title`} data-testid="vault-courses">
      <div className={vaultStyles.partHead}>
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
          Courses
        </h3>
        {!editing && (
          <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={() => open(null)}>
            <Plus aria-hidden="true" size={16} /> New course
          </button>
        )}
      </div>
      {editing?.id && !course ? (
        <div className={vaultStyles.editing}>
          <p>This course is no longer in the vault.</p>
          <BackButton onClick={close} />
        </div>
      ) : editing ? (
        <CourseEditor
          key={editing.key}
          course={course}
          action={action}
          refresh={refresh}
          onClose={close}
          onCreated={(answer) => {
            setCreated(answer);
            setEditing({ key: editing.key, id: answer.id });
          }}
        />
      ) : (
        <>
          {courses.length === 0 ? (
            <p className={pageStyles.muted}>No courses: members see an empty vault.</p>
          ) : (
            <ul className={vaultStyles.items}>
              {courses.map((c) => (
                <CourseItem key={c.id} course={c} action={action} onEdit={() => open(c.id)} />
              ))}
            </ul>
          )}
          <ResultLine result={action.result} testId="vault-courses-result" />
        </>
      )}
    </section>
  );
}

function BackButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className={clsx(buttonStyles.linkBtn, vaultStyles.back)} onClick={onClick}>
      <ArrowLeft aria-hidden="true" size={16} /> Back to the courses
    </button>
  );
}

function CourseItem({ course, action, onEdit }: { course: TEditorCourse; action: VaultAction; onEdit(): void }) {
  const deleteKey = `delete:${course.id}`;
  const remove = () =>
    void action.run(
      deleteKey,
      () => api.vaultEditor.deleteCourse({ params: { id: course.id } }),
      `Delete the course “${course.title}” with its ${countOf(course.lessons.length, 'lesson')}? ` +
        "Members' progress on it is deleted too. This cannot be undone.",
    );
  return (
    <li className={vaultStyles.item} data-testid="vault-course">
      <div className={vaultStyles.itemHead}>
        <h4>{course.title}</h4>
        <PublishedBadge published={course.publishedAt !== null} />
        <SampleTag sample={course.sample} />
      </div>
      <p className={clsx(pageStyles.small, pageStyles.muted)}>
        {COURSE_CATEGORY_LABELS[course.category]} · {course.level} · {countOf(course.lessons.length, 'lesson')}
        {course.featured ? ' · Featured' : ''}
      </p>
      <div className={vaultStyles.actions}>
        <button type="button" className={buttonStyles.btn} onClick={onEdit}>
          Edit<span className={textStyles.srOnly}> {course.title}</span>
        </button>
        <PublishButton course={course} action={action} />
        <ServerButton
          label="Delete"
          busyLabel="Deleting..."
          item={course.title}
          running={action.busy === deleteKey}
          disabled={action.busy !== null}
          onClick={remove}
        />
      </div>
    </li>
  );
}

/** Publish a draft (the server refuses a course without lessons, and says so) or unpublish it. */
function PublishButton({ course, action }: { course: TEditorCourse; action: VaultAction }) {
  const publish = course.publishedAt === null;
  const key = `publish:${course.id}`;
  return (
    <ServerButton
      label={publish ? 'Publish' : 'Unpublish'}
      busyLabel={publish ? 'Publishing...' : 'Unpublishing...'}
      item={course.title}
      primary={publish}
      running={action.busy === key}
      disabled={action.busy !== null}
      onClick={() =>
        void action.run(key, () =>
          api.vaultEditor.updateCourse({ params: { id: course.id }, body: { published: publish } }),
        )
      }
    />
  );
}

/** One course open: its details (or a new one's), then its lessons, then publishing. */
function CourseEditor({
  course,
  action,
  refresh,
  onClose,
  onCreated,
}: {
  course: TEditorCourse | undefined;
  action: VaultAction;
  refresh(): Promise<void>;
  onClose(): void;
  onCreated(course: TEditorCourse): void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The course opens in place of the list: the reader is taken to its heading.
  useEffect(() => heading.current?.focus(), []);
  const published = course?.publishedAt != null;
  return (
    <div className={vaultStyles.editing} data-testid="vault-course-editor">
      <BackButton onClick={onClose} />
      <h4 ref={heading} tabIndex={-1}>
        {course ? `Course: ${course.title}` : 'New course'}
      </h4>
      {course ? (
        <div className={vaultStyles.actions}>
          <PublishedBadge published={published} />
          <SampleTag sample={course.sample} />
          <span className={clsx(pageStyles.small, pageStyles.muted)}>{countOf(course.lessons.length, 'lesson')}</span>
        </div>
      ) : (
        <p className={clsx(pageStyles.small, pageStyles.muted)}>
          A new course is a draft: members see it once it has a lesson and you publish it.
        </p>
      )}
      <CourseForm course={course} onCreated={onCreated} refresh={refresh} />
      {course && (
        <>
          <LessonsPart course={course} refresh={refresh} />
          <section className={vaultStyles.part} aria-labelledby={`${id}-publishing`} data-testid="vault-publishing">
            <h4 id={`${id}-publishing`}>Publishing</h4>
            <p className={pageStyles.muted}>
              {published
                ? 'Published: members see this course in the Master Vault.'
                : 'Draft: members do not see this course until you publish it.'}
            </p>
            <div className={vaultStyles.actions}>
              <PublishButton course={course} action={action} />
              <ResultLine result={action.result} testId="vault-publish-result" />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
