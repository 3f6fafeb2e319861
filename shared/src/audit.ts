import { z } from 'zod';
import { ZInstant } from './iso-date.js';

/**
 * What an admin (or a member, for their own API keys and webhooks) can do that the audit log records, one name per kind of change. Each feature adds its
 * actions here; the audit screen's action filter lists them.
 */
export const AUDIT_ACTIONS = [
  'member.access',
  'member.role',
  'member.dashboard-code',
  'offer.reset',
  'activation.review',
  'support.status',
  'member.tier-expiry',
  'member.session-revoke',
  'member.sessions-revoke',
  'application.status',
  'application.export',
  'content.update',
  'member.export',
  'post.hide',
  'post.show',
  'post.delete',
  'track-record.repair',
  'track-record.key-exported',
  'track-record.key-imported',
  'track-record.key-rotated',
  'api-key.create',
  'api-key.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate-secret',
  'settings.update',
  'vault.create',
  'vault.update',
  'vault.publish',
  'vault.unpublish',
  'vault.delete',
  'vault.samples-remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audited change is about. */
export const AUDIT_TARGET_TYPES = [
  'member',
  'offer',
  'activation',
  'application',
  'ticket',
  'post',
  'content',
  'track-record',
  'api-key',
  'webhook',
  'settings',
  'vault',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The longest reason an admin may give for a change (what the audit row keeps). */
export const AUDIT_REASON_MAX = 500;

/** One audit row as the admin API shows it. */
export const ZAuditEntry = z.object({
  id: z.string(),
  at: ZInstant,
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
