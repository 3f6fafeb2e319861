import type { AuditAction, AuditTargetType } from '@signalroom/shared';
import { formatForReader } from '../../components/clock/use-clock.js';

/** Readable names of the audit actions: every action has one (a new action must name itself here). */
const ACTION_LABELS: Record<AuditAction, string> = {
  'member.access': 'Access changed',
  'member.role': 'Role changed',
  'member.dashboard-code': 'Dashboard code issued',
  'member.tier-expiry': 'Timed tier ended',
  'member.session-revoke': 'Session logged out',
  'member.sessions-revoke': 'All sessions logged out',
  'member.export': 'Members exported',
  'offer.reset': 'Offer countdown reset',
  'activation.review': 'Activation reviewed',
  'support.status': 'Ticket status changed',
  'application.status': 'Application status changed',
  'application.export': 'Applications exported',
  'content.update': 'Content updated',
  'post.hide': 'Post hidden',
  'post.show': 'Post shown again',
  'post.delete': 'Post deleted',
  'track-record.repair': 'Track record repaired',
  'track-record.key-exported': 'Track record key moved out of the database',
  'track-record.key-imported': 'Track record key file installed',
  'track-record.key-rotated': 'Track record key changed (announced in the log)',
  'api-key.create': 'API key created',
  'api-key.revoke': 'API key revoked',
  'webhook.create': 'Webhook endpoint added',
  'webhook.update': 'Webhook endpoint changed',
  'webhook.delete': 'Webhook endpoint deleted',
  'webhook.rotate-secret': 'Webhook signing secret rotated',
  'settings.update': 'Settings updated',
  'vault.create': 'Vault item added',
  'vault.update': 'Vault item changed',
  'vault.publish': 'Vault course published',
  'vault.unpublish': 'Vault course unpublished',
  'vault.delete': 'Vault item deleted',
  'vault.samples-remove': 'Vault sample content removed',
};

/** Readable names of what an audited change is about. */
const TARGET_LABELS: Record<AuditTargetType, string> = {
  member: 'Member',
  offer: 'Offer',
  activation: 'Activation',
  application: 'Application',
  ticket: 'Support ticket',
  post: 'Community post',
  content: 'Content',
  'track-record': 'Track record',
  'api-key': 'API key',
  settings: 'Settings',
  webhook: 'Webhook endpoint',
  vault: 'Master Vault',
};

/** The readable name of an action; a name this build does not know (a newer server) shows as it is. */
export function auditActionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The readable name of a kind of target; one this build does not know shows as it is. */
export function auditTargetLabel(targetType: string): string {
  return (TARGET_LABELS as Record<string, string>)[targetType] ?? targetType;
}

/** One line of a change: a field and its value before and after (absent on one side: null). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

function show(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * What an audit row changed, field by field: the fields whose values differ between before and after,
 * in the order they first appear. Values that are not objects are one field, "value".
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const asObject = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v == null ? {} : { value: v };
  const a = asObject(before);
  const b = asObject(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .map((field) => ({ field, before: show(a[field]), after: show(b[field]) }))
    .filter((change) => change.before !== change.after);
}

/** An audit entry's time in the admin's own zone, to the second. */
export function formatAuditTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatForReader(date, { seconds: true });
}
