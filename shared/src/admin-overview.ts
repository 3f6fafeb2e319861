import { z } from 'zod';
import { TIERS } from './constants.js';
import { ZWinRateEvidence } from './evidence.schemas.js';
import { ZInstant } from './iso-date.js';
import { zChoice, zText } from './request-fields.js';

/** How many days the overview's sign-up chart covers. */
export const OVERVIEW_SIGNUP_DAYS = 30;

/** Members (admins left out) at each step from registering to unlocking, and per tier. */
export const ZFunnel = z.object({
  registered: z.number().int(),
  emailConfirmed: z.number().int(),
  accountSetupSaved: z.number().int(),
  depositDeclared: z.number().int(),
  unlocked: z.number().int(),
  perTier: z.object({
    guest: z.number().int(),
    silver: z.number().int(),
    pro: z.number().int(),
    gold: z.number().int(),
  }),
});
export type TFunnel = z.infer<typeof ZFunnel>;

/** Job counts of one queue; null when the queue could not be asked (Redis down). */
const ZQueueCounts = z
  .object({ waiting: z.number().int(), active: z.number().int(), delayed: z.number().int(), failed: z.number().int() })
  .nullable();

export const ZAuditSummary = z.object({
  id: z.string(),
  at: ZInstant,
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetLabel: z.string().nullable(),
});
export type TAuditSummary = z.infer<typeof ZAuditSummary>;

/** data of GET /api/admin/overview: every figure is counted from records when asked. */
export const ZAdminOverview = z.object({
  generatedAt: ZInstant,
  funnel: ZFunnel,
  /** Oldest first, one entry per day of the operator's time zone, days without sign-ups included. */
  signupsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Distinct members with a live socket on any server process; null when it could not be counted. */
  connectedMembers: z.number().int().nullable(),
  signalsToday: z.number().int(),
  /** Resolved signals won in the first window, percent; null before any signal resolved. */
  winRate: z.number().nullable(),
  resolvedSignals: z.number().int(),
  /** Both rates with their interval, break-even at the payout and expected value. */
  evidence: ZWinRateEvidence,
  /** The signal job queue (null: jobs run on in-process timers) and the task queue. */
  queues: z.object({ signals: ZQueueCounts, tasks: ZQueueCounts }),
  signalQueueInProcess: z.boolean(),
  latestAudit: z.array(ZAuditSummary),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

export const MemberExportMessages = {
  tier: `Choose a tier: ${TIERS.join(', ')}.`,
  unlocked: 'unlocked must be true or false.',
} as const;

/**
 * Filters of the members CSV: the Admin Users screen's search text (name, e-mail or access code), and
 * optionally a tier and the dashboard lock.
 */
export const ZMemberExportQuery = z
  .object({
    query: zText({ max: 200 }).optional(),
    tier: zChoice(TIERS, MemberExportMessages.tier).optional(),
    unlocked: zChoice(['true', 'false'], MemberExportMessages.unlocked).optional(),
  })
  .strict();
export type TMemberExportQuery = z.infer<typeof ZMemberExportQuery>;
