import { z } from 'zod';
import { AuthMessages } from './auth.messages.js';
import { LIMITS, ROLES, TIERS } from './constants.js';
import { ZInstant } from './iso-date.js';
import { zChoice, zQueryInteger, zText } from './request-fields.js';
import { ZUser } from './user.js';

/**
 * Shapes of the admin calls and of the development outbox. Query strings arrive as
 * text, so numbers are coerced; unknown parameters are refused like unknown body fields.
 */
export const AdminQueryMessages = {
  page: 'page must be a whole number from 1 to 100000.',
  limit: 'limit must be a whole number from 1 to 100.',
} as const;
const pageNumber = zQueryInteger(1, 100_000, AdminQueryMessages.page);
const pageSize = zQueryInteger(1, 100, AdminQueryMessages.limit);

/** GET /api/admin/users?page&limit */
export const ZAdminUsersQuery = z
  .object({ page: pageNumber.default(1), limit: pageSize.default(LIMITS.adminPageSize) })
  .strict();
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** GET /api/admin/users/search?query&limit */
export const ZAdminSearchQuery = z
  .object({ query: zText({ max: 200 }).default(''), limit: pageSize.default(LIMITS.adminPageSize) })
  .strict();
export type TAdminSearchQuery = z.infer<typeof ZAdminSearchQuery>;

/** POST /api/admin/users/:id/role: set the role (member, analyst or admin); every change is audited. */
export const ZRoleUpdateRequest = z.object({ role: zChoice(ROLES, AuthMessages.roleInvalid) }).strict();
export type TRoleUpdateRequest = z.infer<typeof ZRoleUpdateRequest>;

/** POST /api/admin/users/:id/dashboard-code: the tier the code grants when entered (optional). */
export const ZDashboardCodeIssueRequest = z
  .object({ tier: zChoice(TIERS, AuthMessages.tierInvalid).optional() })
  .strict();
export type TDashboardCodeIssueRequest = z.infer<typeof ZDashboardCodeIssueRequest>;

/** data of POST /api/admin/users/:id/dashboard-code: the plain code, shown once. */
export const ZDashboardCodeIssued = z.object({
  userId: z.string(),
  code: z.string(),
  tier: z.enum(TIERS).nullable(),
  /** When the code stops working (ISO). */
  expiresAt: ZInstant,
});
export type TDashboardCodeIssued = z.infer<typeof ZDashboardCodeIssued>;

/** data of POST /api/auth/register: the same for a new and an existing e-mail (no enumeration). */
export const ZRegisterData = z.object({ email: z.string() });
export type TRegisterData = z.infer<typeof ZRegisterData>;

/** data of POST /api/auth/validate-dashboard-code. */
export const ZDashboardCodeData = z.object({ dashboardUnlocked: z.boolean(), user: ZUser });
export type TDashboardCodeData = z.infer<typeof ZDashboardCodeData>;

/** One mail of GET /api/dev/outbox (development only). */
export const ZDevOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  text: z.string(),
  createdAt: ZInstant,
});
export type TDevOutboxMail = z.infer<typeof ZDevOutboxMail>;
