import { z } from 'zod';
import {
  ZEditorCourse,
  ZEditorLesson,
  ZEditorSession,
  ZSamplesRemoved,
  ZVaultCoursePatch,
  ZVaultCourseRequest,
  ZVaultEditor,
  ZVaultLessonPatch,
  ZVaultLessonRequest,
  ZVaultSessionPatch,
  ZVaultSessionRequest,
} from '../mentorship/index.js';
import { type RouteTable, withSchemas } from './contract.js';

/** An id in the path; anything that is not a stored item's id answers 404. */
const ZIdParams = z.object({ id: z.string() });

/** The operator's editor of the Master Vault (admins; every change audited). */
export const VaultEditorRoutes = {
  editor: { method: 'GET', path: '/admin/vault', group: 'admin' },
  createCourse: { method: 'POST', path: '/admin/vault/courses', group: 'admin', status: 201 },
  updateCourse: { method: 'PATCH', path: '/admin/vault/courses/:id', group: 'admin' },
  deleteCourse: { method: 'DELETE', path: '/admin/vault/courses/:id', group: 'admin' },
  createLesson: { method: 'POST', path: '/admin/vault/courses/:id/lessons', group: 'admin', status: 201 },
  updateLesson: { method: 'PATCH', path: '/admin/vault/lessons/:id', group: 'admin' },
  deleteLesson: { method: 'DELETE', path: '/admin/vault/lessons/:id', group: 'admin' },
  createSession: { method: 'POST', path: '/admin/vault/sessions', group: 'admin', status: 201 },
  updateSession: { method: 'PATCH', path: '/admin/vault/sessions/:id', group: 'admin' },
  deleteSession: { method: 'DELETE', path: '/admin/vault/sessions/:id', group: 'admin' },
  deleteResource: { method: 'DELETE', path: '/admin/vault/resources/:id', group: 'admin' },
  removeSamples: { method: 'DELETE', path: '/admin/vault/samples', group: 'admin' },
} as const satisfies RouteTable;

export const VaultEditorContract = /* @__PURE__ */ withSchemas(VaultEditorRoutes, {
  editor: {
    summary: 'Every course (drafts included) with its lessons, every session, every resource',
    data: ZVaultEditor,
  },
  createCourse: {
    summary: 'Add a course, as a draft members do not see',
    body: ZVaultCourseRequest,
    data: ZEditorCourse,
  },
  updateCourse: {
    summary: 'Change a course, or publish or unpublish it',
    // Publishing a course without lessons.
    raises: ['conflict'],
    params: ZIdParams,
    body: ZVaultCoursePatch,
    data: ZEditorCourse,
  },
  deleteCourse: {
    summary: 'Delete a course with its lessons (and members’ completions of them)',
    params: ZIdParams,
    data: z.null(),
  },
  createLesson: {
    summary: 'Add a lesson (Markdown) after the course’s last one',
    params: ZIdParams,
    body: ZVaultLessonRequest,
    data: ZEditorLesson,
  },
  updateLesson: { summary: 'Change a lesson', params: ZIdParams, body: ZVaultLessonPatch, data: ZEditorLesson },
  deleteLesson: {
    summary: 'Delete a lesson (and members’ completions of it)',
    // The last lesson of a published course.
    raises: ['conflict'],
    params: ZIdParams,
    data: z.null(),
  },
  createSession: { summary: 'Add a live session', body: ZVaultSessionRequest, data: ZEditorSession },
  updateSession: {
    summary: 'Change a live session',
    params: ZIdParams,
    body: ZVaultSessionPatch,
    data: ZEditorSession,
  },
  deleteSession: { summary: 'Delete a live session (its reminders are not sent)', params: ZIdParams, data: z.null() },
  deleteResource: { summary: 'Delete a downloadable resource', params: ZIdParams, data: z.null() },
  removeSamples: { summary: 'Delete every shipped sample course, session and resource at once', data: ZSamplesRemoved },
});
