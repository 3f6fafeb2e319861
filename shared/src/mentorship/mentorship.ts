import { z } from 'zod';
import { ZInstant } from '../iso-date.js';
import { zFlag } from '../request-fields.js';

/**
 * The Master Vault: courses of lessons, live sessions with e-mail reminders, downloadable resources.
 * Content is stored (the operator's; what ships is labelled sample content); progress is each member's
 * own lesson completions, and every figure on the page (course progress, overall progress, stats,
 * achievements) is computed from them.
 */

export const COURSE_CATEGORIES = [
  'fundamentals',
  'psychology',
  'risk-management',
  'analysis',
  'live-sessions',
] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export const COURSE_CATEGORY_LABELS: Record<CourseCategory, string> = {
  fundamentals: 'Fundamentals',
  psychology: 'Psychology',
  'risk-management': 'Risk Management',
  analysis: 'Analysis',
  'live-sessions': 'Live Sessions',
};

export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'All Levels'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** How long before a live session its reminder e-mail goes out. */
export const SESSION_REMINDER_LEAD_MS = 15 * 60_000;

export const MentorshipMessages = {
  vault: 'Master Vault',
  course: 'Course',
  lesson: 'Lesson',
  completed: 'Lesson marked as complete',
  uncompleted: 'Lesson marked as not complete',
  completedFlag: 'Say whether the lesson is complete (true or false)',
  reminderSet: 'Reminder set: we will e-mail you 15 minutes before the session starts.',
  reminderCancelled: 'Reminder cancelled',
  reminderTooLate: 'This session starts in less than 15 minutes, too soon for a reminder.',
  sessionStarted: 'This session has already started.',
} as const;

/** A course card: what it is, and how far the member is through it. */
export const ZCourse = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  instructor: z.string(),
  description: z.string(),
  level: z.enum(COURSE_LEVELS),
  /**
   * Always null: no course is rated (the shipped samples' ratings were invented and members' ratings are
   * not collected). Kept so clients written against v1 still read the answer.
   */
  rating: z.null().meta({ deprecated: true }),
  durationMinutes: z.number().int(),
  topics: z.array(z.string()),
  featured: z.boolean(),
  sample: z.boolean(),
  lessonCount: z.number().int(),
  completedLessons: z.number().int(),
  /** Whole percent of the course's lessons the member completed. */
  progress: z.number().int(),
});
export type TCourse = z.infer<typeof ZCourse>;

export const ZLessonSummary = z.object({
  id: z.string(),
  courseId: z.string(),
  position: z.number().int(),
  title: z.string(),
  durationMinutes: z.number().int(),
  completed: z.boolean(),
});
export type TLessonSummary = z.infer<typeof ZLessonSummary>;

export const ZCourseDetail = ZCourse.extend({ lessons: z.array(ZLessonSummary) });
export type TCourseDetail = z.infer<typeof ZCourseDetail>;

/** A lesson to read: its text is Markdown, rendered without raw HTML. */
export const ZLesson = ZLessonSummary.extend({ body: z.string(), courseTitle: z.string() });
export type TLesson = z.infer<typeof ZLesson>;

export const ZLiveSession = z.object({
  id: z.string(),
  title: z.string(),
  host: z.string(),
  description: z.string(),
  startsAt: ZInstant,
  durationMinutes: z.number().int(),
  sample: z.boolean(),
  /** The member asked for an e-mail 15 minutes before it starts. */
  reminderSet: z.boolean(),
});
export type TLiveSession = z.infer<typeof ZLiveSession>;

export const ZVaultResource = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sample: z.boolean(),
});
export type TVaultResource = z.infer<typeof ZVaultResource>;

export const ZProgress = z.object({
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
  /** Whole percent; 0 when there are no lessons. */
  percent: z.number().int(),
});
export type TProgress = z.infer<typeof ZProgress>;

export const ZAchievement = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  earned: z.boolean(),
});
export type TAchievement = z.infer<typeof ZAchievement>;

export const ZVault = z.object({
  courses: z.array(ZCourse),
  categories: z.array(z.object({ id: z.enum(COURSE_CATEGORIES), label: z.string(), count: z.number().int() })),
  overall: ZProgress,
  stats: z.object({
    coursesCompleted: z.number().int(),
    lessonsCompleted: z.number().int(),
    minutesLearned: z.number().int(),
  }),
  achievements: z.array(ZAchievement),
  sessions: z.array(ZLiveSession),
  resources: z.array(ZVaultResource),
});
export type TVault = z.infer<typeof ZVault>;

/** PUT /api/mentorship/lessons/:id/completion */
export const ZLessonCompletionRequest = z.object({ completed: zFlag(MentorshipMessages.completedFlag) }).strict();
export type TLessonCompletionRequest = z.infer<typeof ZLessonCompletionRequest>;

export const ZLessonCompletion = z.object({ lesson: ZLesson, course: ZCourse, overall: ZProgress });
export type TLessonCompletion = z.infer<typeof ZLessonCompletion>;

/** Whole percent of `done` out of `total` (0 of 0 is 0). */
export function progressPercent(done: number, total: number): number {
  return total > 0 ? Math.round((done / total) * 100) : 0;
}

/**
 * The achievements, each earned from the member's completions alone (no separate record to drift):
 * first lesson, first course, the risk-management course, half the vault, all of it.
 */
export function achievementsFrom(
  courses: readonly Pick<TCourse, 'category' | 'progress'>[],
  overall: TProgress,
): TAchievement[] {
  const doneCourses = courses.filter((course) => course.progress === 100);
  return [
    {
      id: 'first-lesson',
      title: 'First Step',
      description: 'Complete your first lesson',
      earned: overall.completedLessons > 0,
    },
    {
      id: 'first-course',
      title: 'Course Graduate',
      description: 'Complete a whole course',
      earned: doneCourses.length > 0,
    },
    {
      id: 'risk-manager',
      title: 'Risk Manager',
      description: 'Complete a Risk Management course',
      earned: doneCourses.some((course) => course.category === 'risk-management'),
    },
    { id: 'halfway', title: 'Halfway There', description: 'Reach 50% overall progress', earned: overall.percent >= 50 },
    {
      id: 'vault-master',
      title: 'Vault Master',
      description: 'Complete every lesson in the vault',
      earned: overall.totalLessons > 0 && overall.completedLessons === overall.totalLessons,
    },
  ];
}
