import type { AuditAction, AuditTargetType, Pagination, TAuditEntry, TAuditQuery } from '@signalroom/shared';
import type { AuditLogTable } from '@signalroom/shared-node';
import type { Selectable } from 'kysely';
import type { ServerContext } from '../../context.js';
import { listAuditOfMember, listAuditPage } from './audit-list.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A stored row as the API shows it. Rows are written by recordAudit only, with names from the shared lists. */
export function presentAuditEntry(row: Selectable<AuditLogTable>): TAuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action as AuditAction,
    targetType: row.target_type as AuditTargetType,
    targetId: row.target_id,
    targetLabel: row.target_label,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
  };
}

/** The audit screen's page: filters by actor, target, action and whole days (UTC, both ends included). */
export async function listAudit(
  ctx: ServiceContext,
  query: TAuditQuery,
): Promise<{ items: TAuditEntry[]; pagination: Pagination }> {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const before = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
  const { rows, total } = await listAuditPage(
    ctx.db,
    {
      actor: query.actor?.trim() || undefined,
      target: query.target?.trim() || undefined,
      action: query.action,
      from,
      before,
    },
    (query.page - 1) * query.limit,
    query.limit,
  );
  return {
    items: rows.map(presentAuditEntry),
    pagination: { total, pages: Math.max(1, Math.ceil(total / query.limit)), current: query.page },
  };
}

/** The newest rows of a member's trail (the member detail page). */
export async function auditTrailOf(ctx: ServiceContext, userId: string, limit: number): Promise<TAuditEntry[]> {
  return (await listAuditOfMember(ctx.db, userId, limit)).map(presentAuditEntry);
}
