import { z } from 'zod';
import { AdminQueryMessages } from './admin.schemas.js';
import { AUDIT_ACTIONS } from './audit.js';
import { LIMITS } from './constants.js';
import { zChoice, zQueryInteger, zText } from './request-fields.js';

export const AuditQueryMessages = {
  action: 'action must be one of the audit actions.',
  date: 'from and to must be dates, e.g. 2026-11-24.',
  range: 'from must not be after to.',
  none: 'No audit entries match these filters.',
} as const;

/** YYYY-MM-DD, a whole day (UTC). */
const zDay = zText({ max: 10 })
  .regex(/^\d{4}-\d{2}-\d{2}$/, AuditQueryMessages.date)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, AuditQueryMessages.date);

/**
 * GET /api/admin/audit: filters (each optional) and paging. actor: the admin's e-mail (contains) or id;
 * target: a target's id or label (contains); from/to: whole days, both included.
 */
export const ZAuditQuery = z
  .object({
    actor: zText({ max: 320 }).optional(),
    target: zText({ max: 200 }).optional(),
    action: zChoice(AUDIT_ACTIONS, AuditQueryMessages.action).optional(),
    from: zDay.optional(),
    to: zDay.optional(),
    page: zQueryInteger(1, 100_000, AdminQueryMessages.page).default(1),
    limit: zQueryInteger(1, 100, AdminQueryMessages.limit).default(LIMITS.adminPageSize),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AuditQueryMessages.range, path: ['from'] });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
