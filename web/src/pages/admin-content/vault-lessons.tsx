import type { TEditorCourse, TEditorLesson } from '@signalroom/shared';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import { useVaultAction } from './use-vault-editor.js';
import vaultStyles from './vault-editor.module.css';
import { LessonForm } from './vault-lesson-form.js';
import { ResultLine, ServerButton } from './vault-parts.js';

/** A fresh key per opened form, so a new lesson's form never keeps the last one's draft. */
let nextFormKey = 0;

/** The lessons of the course being edited, in the order members take them, and the lesson form. */
export function LessonsPart({ course, refresh }: { course: TEditorCourse; refresh(): Promise<void> }) {
  const id = useId();
  const action = useVaultAction(refresh);
  const [form, setForm] = useState<{ key: number; lesson: TEditorLesson | undefined } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Once the form closes, the reader is back on "Add lesson" rather than at the top of the page.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (form || !returnFocus.current) return;
    returnFocus.current = false;
    addButton.current?.focus();
  }, [form]);
  const open = (lesson: TEditorLesson | undefined) => setForm({ key: ++nextFormKey, lesson });
  const close = () => {
    returnFocus.current = true;
    setForm(null);
  };

  async function remove(lesson: TEditorLesson) {
    const deleted = await action.run(
      `delete:${lesson.id}`,
      () => api.vaultEditor.deleteLesson({ params: { id: lesson.id } }),
      `Delete the lesson “${lesson.title}” from “${course.title}”? Members' completions of it are deleted too.`,
    );
    // A lesson open in the form is gone: the form would save into nothing.
    if (deleted && form?.lesson?.id === lesson.id) setForm(null);
  }

  return (
    <section className={vaultStyles.part} aria-labelledby={`${id}-title`} data-testid="vault-lessons">
      <h4 id={`${id}-title`}>Lessons</h4>
      {course.lessons.length === 0 ? (
        <p className={pageStyles.muted}>No lessons yet. Add one: a course is published only once it has a lesson.</p>
      ) : (
        <ol className={vaultStyles.items}>
          {course.lessons.map((lesson) => (
            <li key={lesson.id} className={vaultStyles.item} data-testid="vault-lesson">
              <div className={vaultStyles.itemHead}>
                <h5>
                  {lesson.position}. {lesson.title}
                </h5>
                <span className={pageStyles.muted}>{lesson.durationMinutes} min</span>
              </div>
              <div className={vaultStyles.actions}>
                <button type="button" className={buttonStyles.btn} onClick={() => open(lesson)}>
                  Edit<span className={textStyles.srOnly}> lesson {lesson.title}</span>
                </button>
                <ServerButton
                  label="Delete"
                  busyLabel="Deleting..."
                  item={`lesson ${lesson.title}`}
                  running={action.busy === `delete:${lesson.id}`}
                  disabled={action.busy !== null}
                  onClick={() => void remove(lesson)}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <ResultLine result={action.result} testId="vault-lessons-result" />
      {form ? (
        <LessonForm
          key={form.key}
          courseId={course.id}
          lesson={form.lesson}
          refresh={refresh}
          onCancel={close}
          onDone={(message) => {
            close();
            action.announce({ ok: true, message });
          }}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          className={buttonStyles.btn}
          onClick={() => open(undefined)}
          data-testid="vault-add-lesson"
        >
          <Plus aria-hidden="true" size={16} /> Add lesson
        </button>
      )}
    </section>
  );
}
