import type { TCourseDetail, TLesson, TLessonCompletion } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ArrowLeft, CheckCircle2, Circle } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { LessonMarkdown } from '../../components/lesson/lesson-markdown.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './mentorship.module.css';

type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * A course opened from the vault: its lessons with the member's completions, and the chosen lesson's
 * text. Lesson text is Markdown rendered by react-markdown, which never renders raw HTML (it is skipped).
 */
export function CourseView({
  courseId,
  lessonId,
  onOpenLesson,
  onClose,
  onCompleted,
}: {
  courseId: string;
  lessonId: string | null;
  onOpenLesson(id: string): void;
  onClose(): void;
  onCompleted(change: TLessonCompletion): void;
}) {
  const [course, setCourse] = useState<Loaded<TCourseDetail>>({ status: 'loading' });
  const [lesson, setLesson] = useState<Loaded<TLesson>>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    setCourse({ status: 'loading' });
    api.mentorship.course({ params: { id: courseId }, signal: controller.signal }).then(
      (result) =>
        setCourse(result.ok ? { status: 'ready', data: result.data } : { status: 'error', message: result.message }),
      // Aborted: another course was opened; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [courseId]);

  // The lesson to show: the one in the address, else the first not yet completed, else the first.
  const lessons = course.status === 'ready' ? course.data.lessons : [];
  const current = lessonId ?? (lessons.find((l) => !l.completed) ?? lessons[0])?.id ?? null;

  useEffect(() => {
    if (!current) return;
    const controller = new AbortController();
    setLesson({ status: 'loading' });
    setError('');
    api.mentorship.lesson({ params: { id: current }, signal: controller.signal }).then(
      (result) =>
        setLesson(result.ok ? { status: 'ready', data: result.data } : { status: 'error', message: result.message }),
      // Aborted: another lesson was opened; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [current]);

  async function toggle(done: TLesson) {
    setSaving(true);
    setError('');
    const result = await api.mentorship.completeLesson({
      params: { id: done.id },
      body: { completed: !done.completed },
    });
    setSaving(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setLesson({ status: 'ready', data: result.data.lesson });
    setCourse((c) =>
      c.status === 'ready'
        ? {
            status: 'ready',
            data: {
              ...c.data,
              ...result.data.course,
              lessons: c.data.lessons.map((l) =>
                l.id === done.id ? { ...l, completed: result.data.lesson.completed } : l,
              ),
            },
          }
        : c,
    );
    onCompleted(result.data);
  }

  if (course.status === 'loading')
    return (
      <p className={clsx(panelStyles.panel, pageStyles.muted)} role="status">
        Loading course...
      </p>
    );
  if (course.status === 'error') {
    return (
      <div className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)}>
        <p>{course.message}</p>
        <button type="button" className={buttonStyles.btn} onClick={onClose}>
          Back to the vault
        </button>
      </div>
    );
  }
  const data = course.data;
  return (
    <section className={styles.courseView} aria-labelledby="course-title" data-testid="course-view">
      <div className={panelStyles.panel}>
        <button type="button" className={buttonStyles.linkBtn} onClick={onClose}>
          <ArrowLeft aria-hidden="true" size={16} /> Back to the vault
        </button>
        <h2 id="course-title">{data.title}</h2>
        <p className={pageStyles.muted}>
          {data.completedLessons} of {data.lessonCount} lessons complete
        </p>
        <div className={formStyles.progress} aria-hidden="true">
          <span style={{ width: `${data.progress}%` }} />
        </div>
        <p className={pageStyles.small} data-testid="course-progress">
          Course progress: {data.progress}%
        </p>
        <ol className={styles.lessonList}>
          {data.lessons.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                className={clsx(styles.lessonLink, l.id === current && styles.lessonLinkActive)}
                aria-current={l.id === current ? 'true' : undefined}
                onClick={() => onOpenLesson(l.id)}
              >
                {l.completed ? (
                  <CheckCircle2 aria-label="Completed" size={18} className={styles.done} />
                ) : (
                  <Circle aria-label="Not completed" size={18} />
                )}
                <span>
                  {l.position}. {l.title}
                </span>
                <span className={pageStyles.muted}>{l.durationMinutes} min</span>
              </button>
            </li>
          ))}
        </ol>
      </div>
      <article className={panelStyles.panel} aria-live="polite" data-testid="lesson-view">
        {lesson.status === 'loading' ? (
          <p className={pageStyles.muted} role="status">
            Loading lesson...
          </p>
        ) : lesson.status === 'error' ? (
          <p className={formStyles.alertError}>{lesson.message}</p>
        ) : (
          <>
            <p className={pageStyles.eyebrow}>
              {lesson.data.courseTitle} · Lesson {lesson.data.position} · {lesson.data.durationMinutes} min
            </p>
            <LessonMarkdown body={lesson.data.body} />
            {error ? (
              <p className={clsx(formStyles.alert, formStyles.alertError)} role="alert">
                {error}
              </p>
            ) : null}
            <button
              type="button"
              className={clsx(buttonStyles.btn, !lesson.data.completed && buttonStyles.btnPrimary)}
              disabled={saving}
              onClick={() => toggle(lesson.data)}
              data-testid="lesson-complete"
            >
              {lesson.data.completed ? 'Completed: mark as not complete' : 'Mark lesson as complete'}
            </button>
          </>
        )}
      </article>
    </section>
  );
}
