import { z } from 'zod';
import { ZInstant } from '../iso-date.js';
import { zChoice, zFlag, zIsoTime, zText } from '../request-fields.js';
import { COURSE_CATEGORIES, COURSE_LEVELS, ZCourse, ZLiveSession, ZVaultResource } from './mentorship.js';

/**
 * The operator's editor of the Master Vault: courses (drafts until published), their lessons in
 * Markdown, live sessions, and the shipped sample content, removable in one action. Nothing here rates
 * a course: a rating would be a figure no record backs.
 */

export const VAULT_LIMITS = {
  title: 120,
  person: 80,
  description: 1_000,
  topic: 40,
  topics: 8,
  lessonBody: 50_000,
  lessonMinutes: 600,
  sessionMinutes: 480,
} as const;

export const VaultEditorMessages = {
  title: `Enter a title (at most ${VAULT_LIMITS.title} characters)`,
  category: `Choose a category: ${COURSE_CATEGORIES.join(', ')}`,
  level: `Choose a level: ${COURSE_LEVELS.join(', ')}`,
  instructor: 'Enter the instructor’s name',
  host: 'Enter the host’s name',
  description: 'Enter a description',
  topics: `List at most ${VAULT_LIMITS.topics} topics of at most ${VAULT_LIMITS.topic} characters each`,
  featured: 'Say whether the course is featured (true or false)',
  published: 'Say whether the course is published (true or false)',
  lessonBody: 'Write the lesson (Markdown)',
  lessonMinutes: `Give the lesson’s length in whole minutes, 1 to ${VAULT_LIMITS.lessonMinutes}`,
  sessionMinutes: `Give the session’s length in whole minutes, 5 to ${VAULT_LIMITS.sessionMinutes}`,
  startsAt: 'Give the start as a date and time with its zone (e.g. 2027-01-15T18:00:00Z)',
  startsInPast: 'A session must start in the future.',
  nothingToChange: 'Send at least one field to change.',
  courseCreated: 'Course created as a draft: publish it when it is ready.',
  courseSaved: 'Course saved',
  coursePublished: 'Course published: members see it now.',
  courseUnpublished: 'Course unpublished: members no longer see it.',
  courseDeleted: 'Course deleted with its lessons',
  publishEmpty: 'Add a lesson before publishing the course.',
  lastLesson: 'This is the only lesson of a published course: add another or unpublish the course first.',
  lessonCreated: 'Lesson added',
  lessonSaved: 'Lesson saved',
  lessonDeleted: 'Lesson deleted',
  sessionCreated: 'Session added',
  sessionSaved: 'Session saved',
  sessionDeleted: 'Session deleted',
  resourceDeleted: 'Resource deleted',
  samplesRemoved: (n: number) =>
    n === 0 ? 'There was no sample content left to remove.' : `Removed ${n} sample item${n === 1 ? '' : 's'}.`,
  editor: 'Master Vault editor',
} as const;

const ZTitle = zText({ max: VAULT_LIMITS.title, required: VaultEditorMessages.title })
  .trim()
  .min(1, VaultEditorMessages.title);
const zPerson = (message: string) => zText({ max: VAULT_LIMITS.person, required: message }).trim().min(1, message);
const ZDescription = zText({
  max: VAULT_LIMITS.description,
  required: VaultEditorMessages.description,
  kind: 'multi-line',
})
  .trim()
  .min(1, VaultEditorMessages.description);
const zMinutes = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** POST /api/admin/vault/courses: a new course starts as a draft. */
export const ZVaultCourseRequest = z
  .object({
    title: ZTitle,
    category: zChoice(COURSE_CATEGORIES, VaultEditorMessages.category),
    level: zChoice(COURSE_LEVELS, VaultEditorMessages.level),
    instructor: zPerson(VaultEditorMessages.instructor),
    description: ZDescription,
    topics: z
      .array(
        zText({ max: VAULT_LIMITS.topic, required: VaultEditorMessages.topics })
          .trim()
          .min(1, VaultEditorMessages.topics),
        {
          error: VaultEditorMessages.topics,
        },
      )
      .max(VAULT_LIMITS.topics, VaultEditorMessages.topics)
      .optional(),
    featured: zFlag(VaultEditorMessages.featured).optional(),
  })
  .strict();
export type TVaultCourseRequest = z.infer<typeof ZVaultCourseRequest>;

/** PATCH /api/admin/vault/courses/:id: any of the fields, and publishing. */
export const ZVaultCoursePatch = ZVaultCourseRequest.partial()
  .extend({ published: zFlag(VaultEditorMessages.published).optional() })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, VaultEditorMessages.nothingToChange);
export type TVaultCoursePatch = z.infer<typeof ZVaultCoursePatch>;

/** POST /api/admin/vault/courses/:id/lessons: added after the course's last lesson. */
export const ZVaultLessonRequest = z
  .object({
    title: ZTitle,
    durationMinutes: zMinutes(1, VAULT_LIMITS.lessonMinutes, VaultEditorMessages.lessonMinutes),
    body: zText({ max: VAULT_LIMITS.lessonBody, required: VaultEditorMessages.lessonBody, kind: 'multi-line' })
      .trim()
      .min(1, VaultEditorMessages.lessonBody),
  })
  .strict();
export type TVaultLessonRequest = z.infer<typeof ZVaultLessonRequest>;

export const ZVaultLessonPatch = ZVaultLessonRequest.partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, VaultEditorMessages.nothingToChange);
export type TVaultLessonPatch = z.infer<typeof ZVaultLessonPatch>;

/** POST /api/admin/vault/sessions */
export const ZVaultSessionRequest = z
  .object({
    title: ZTitle,
    host: zPerson(VaultEditorMessages.host),
    description: ZDescription,
    startsAt: zIsoTime(VaultEditorMessages.startsAt),
    durationMinutes: zMinutes(5, VAULT_LIMITS.sessionMinutes, VaultEditorMessages.sessionMinutes),
  })
  .strict();
export type TVaultSessionRequest = z.input<typeof ZVaultSessionRequest>;

export const ZVaultSessionPatch = ZVaultSessionRequest.partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, VaultEditorMessages.nothingToChange);
export type TVaultSessionPatch = z.input<typeof ZVaultSessionPatch>;

export const ZEditorLesson = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  durationMinutes: z.number().int(),
  body: z.string(),
});
export type TEditorLesson = z.infer<typeof ZEditorLesson>;

/** A course as the editor reads it: the member's card fields, without their progress, and its lessons. */
export const ZEditorCourse = ZCourse.pick({
  id: true,
  title: true,
  category: true,
  level: true,
  instructor: true,
  description: true,
  topics: true,
  featured: true,
  sample: true,
}).extend({
  /** When members started to see it; null for a draft. */
  publishedAt: ZInstant.nullable(),
  lessons: z.array(ZEditorLesson),
});
export type TEditorCourse = z.infer<typeof ZEditorCourse>;

/** A session as the editor reads it: the member's, with how many asked for a reminder instead of whether they did. */
export const ZEditorSession = ZLiveSession.omit({ reminderSet: true }).extend({
  /** Members who asked for a reminder e-mail. */
  reminders: z.number().int(),
});
export type TEditorSession = z.infer<typeof ZEditorSession>;

/** GET /api/admin/vault: everything, drafts and past sessions included. */
export const ZVaultEditor = z.object({
  courses: z.array(ZEditorCourse),
  sessions: z.array(ZEditorSession),
  resources: z.array(ZVaultResource),
  /** How many shipped sample items are left (what "Remove sample content" would delete). */
  samples: z.number().int(),
});
export type TVaultEditor = z.infer<typeof ZVaultEditor>;

export const ZSamplesRemoved = z.object({
  courses: z.number().int(),
  sessions: z.number().int(),
  resources: z.number().int(),
});
export type TSamplesRemoved = z.infer<typeof ZSamplesRemoved>;
