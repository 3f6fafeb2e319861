import { COURSE_CATEGORY_LABELS, type CourseCategory, isFeatureLocked, type TCourse } from '@signalroom/shared';
import { clsx } from 'clsx';
import { BookOpen, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ContentLock } from '../../components/dashboard/content-lock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import { CourseView } from './course-view.js';
import styles from './mentorship.module.css';
import { useVault } from './use-vault.js';
import { QuickActions, UpcomingSessions, VaultStats } from './vault-side.js';

/**
 * Master Vault (/dashboard/mentorship): stored courses and lessons with the member's own progress,
 * upcoming live sessions with e-mail reminders, resources and quick actions. Members whose dashboard is
 * not unlocked see the locked placeholder; the server refuses them the same.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (isFeatureLocked('mentorship', user)) {
    return (
      <ContentLock
        icon={GraduationCap}
        title="Private Mentorship Vault"
        message="The vault opens once your account is funded and activated: complete your account funding to unlock courses, live sessions and resources."
        testId="vault-locked"
      />
    );
  }
  return <Vault />;
}

function Vault() {
  const { state, reload, completed, sessionChanged } = useVault();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<CourseCategory | 'all'>('all');
  const courseId = params.get('course');
  const lessonId = params.get('lesson');

  const open = (course: string, lesson?: string) => setParams(lesson ? { course, lesson } : { course });
  const close = () => setParams({});

  return (
    <div className={pageStyles.page} data-testid="master-vault">
      <header className={pageStyles.pageHead}>
        <h1>
          <GraduationCap aria-hidden="true" size={26} /> Master Vault
        </h1>
        {state.status === 'ready' ? (
          <div className={styles.overall}>
            <p data-testid="overall-progress">Overall progress: {state.vault.overall.percent}%</p>
            <div className={formStyles.progress} aria-hidden="true">
              <span style={{ width: `${state.vault.overall.percent}%` }} />
            </div>
            <p className={pageStyles.small}>
              {state.vault.overall.completedLessons} of {state.vault.overall.totalLessons} lessons completed
            </p>
          </div>
        ) : null}
      </header>
      {state.status === 'loading' ? (
        <p className={clsx(panelStyles.panel, pageStyles.muted)} role="status">
          Loading the vault...
        </p>
      ) : state.status === 'error' ? (
        <div className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)} role="alert">
          <p>{state.message}</p>
          <button type="button" className={buttonStyles.btn} onClick={reload}>
            Try again
          </button>
        </div>
      ) : courseId ? (
        <CourseView
          courseId={courseId}
          lessonId={lessonId}
          onOpenLesson={(id) => open(courseId, id)}
          onClose={close}
          onCompleted={completed}
        />
      ) : (
        <>
          {state.vault.courses.some((c) => c.sample) ? (
            <p className={pageStyles.notice}>
              Sample content: these courses, sessions and resources ship with the product as examples. Your progress on
              them is real and saved to your account.
            </p>
          ) : null}
          <div className={styles.layout}>
            <div className={pageStyles.stack}>
              <fieldset className={styles.filters}>
                <legend className={styles.legend}>Filter courses by category</legend>
                <FilterButton active={filter === 'all'} onClick={() => setFilter('all')}>
                  All ({state.vault.courses.length})
                </FilterButton>
                {state.vault.categories.map((c) => (
                  <FilterButton key={c.id} active={filter === c.id} onClick={() => setFilter(c.id)}>
                    {c.label} ({c.count})
                  </FilterButton>
                ))}
              </fieldset>
              <Featured courses={state.vault.courses} onOpen={open} />
              <ul className={styles.courseGrid} aria-label="Courses">
                {state.vault.courses
                  .filter((c) => filter === 'all' || c.category === filter)
                  .map((course) => (
                    <CourseCard key={course.id} course={course} onOpen={open} />
                  ))}
              </ul>
            </div>
            <div className={pageStyles.stack}>
              <UpcomingSessions sessions={state.vault.sessions} onChanged={sessionChanged} />
              <VaultStats vault={state.vault} />
              <QuickActions vault={state.vault} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

function FilterButton({ active, onClick, children }: { active: boolean; onClick(): void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className={clsx(buttonStyles.btn, active && buttonStyles.btnPrimary)}
      aria-pressed={active}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Featured({ courses, onOpen }: { courses: TCourse[]; onOpen(id: string): void }) {
  const featured = courses.find((c) => c.featured);
  if (!featured) return null;
  return (
    <section className={clsx(panelStyles.panel, styles.featured)} aria-labelledby="featured-title">
      <p className={pageStyles.eyebrow}>Featured course</p>
      <h2 id="featured-title">{featured.title}</h2>
      <p className={pageStyles.muted}>{featured.description}</p>
      <button
        type="button"
        className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
        onClick={() => onOpen(featured.id)}
      >
        {startLabel(featured)}
      </button>
    </section>
  );
}

const startLabel = (course: TCourse) => (course.completedLessons > 0 ? 'Continue' : 'Start');

function CourseCard({ course, onOpen }: { course: TCourse; onOpen(id: string): void }) {
  return (
    <li className={clsx(panelStyles.panel, styles.courseCard)} data-testid="course-card">
      <p className={pageStyles.eyebrow}>
        {COURSE_CATEGORY_LABELS[course.category]} · {course.level}
        {course.sample ? <span className={styles.sampleTag}>Sample</span> : null}
      </p>
      <h3>{course.title}</h3>
      <p className={pageStyles.small}>
        {course.instructor} · <BookOpen aria-hidden="true" size={14} /> {course.lessonCount} lessons ·{' '}
        {course.durationMinutes} min
      </p>
      <ul className={styles.topics} aria-label="Topics">
        {course.topics.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <div className={formStyles.progress} aria-hidden="true">
        <span style={{ width: `${course.progress}%` }} />
      </div>
      <p className={pageStyles.small}>{course.progress}% complete</p>
      <button
        type="button"
        className={buttonStyles.btn}
        onClick={() => onOpen(course.id)}
        aria-label={`${startLabel(course)} ${course.title}`}
      >
        {startLabel(course)}
      </button>
    </li>
  );
}
