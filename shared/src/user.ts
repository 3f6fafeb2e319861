import { z } from 'zod';
import { ACCESS_LEVELS, ACCESS_PATHS, ROLES, TIERS } from './constants.js';
import { ZInstant } from './iso-date.js';

/** The user object the server returns: every field the web app reads, plus ours. */
export const ZUser = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  telegram: z.string().nullable(),
  admissionCode: z.string(),
  hasDeposited: z.boolean(),
  accessPath: z.enum(ACCESS_PATHS).nullable(),
  accessLevel: z.enum(ACCESS_LEVELS),
  dashboardUnlocked: z.boolean(),
  tier: z.enum(TIERS),
  codeActivated: z.boolean(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  brokerAccountId: z.string().nullable(),
  depositAmount: z.number(),
  createdAt: ZInstant,
  /** End of the guest trial: 24 h after the e-mail was confirmed; null before confirmation. */
  trialEndsAt: ZInstant.nullable(),
  /** End of a timed tier an admin granted (the tier then returns to the one before); null otherwise. */
  tierExpiresAt: ZInstant.nullable(),
  /**
   * The member's own IANA time zone, in which screens, e-mails and exports show times; null until they
   * choose one (screens then use the browser's zone, e-mails the business's).
   */
  timeZone: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

/** Unknown access levels map to free (the safe reading: no paid access). */
export function normalizeAccessLevel(value: string | null | undefined): TUser['accessLevel'] {
  return (ACCESS_LEVELS as readonly string[]).includes(value ?? '') ? (value as TUser['accessLevel']) : 'free';
}
