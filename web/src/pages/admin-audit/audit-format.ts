import type { AuditAction } from '@signalroom/shared';

/** Readable names of the audit actions; an action without one shows its own name. */
const ACTION_LABELS: Partial<Record<AuditAction, string>> = {
  'member.access': 'Access changed',
  'member.role': 'Role changed',
  'member.dashboard-code': 'Dashboard code issued',
  'member.tier-expiry': 'Timed tier ended',
  'member.session-revoke': 'Session logged out',
  'member.sessions-revoke': 'All sessions logged out',
  'offer.reset': 'Offer countdown reset',
  'activation.review': 'Activation reviewed',
  'support.status': 'Ticket status changed',
};

export function auditActionLabel(action: AuditAction): string {
  return ACTION_LABELS[action] ?? action;
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

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatAuditTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}
