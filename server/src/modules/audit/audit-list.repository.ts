import type { Database } from '@signalroom/shared-node';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { likePattern } from '../../db/like-pattern.js';

/** The filters of the audit screen, already checked; each one absent means "any". */
export interface AuditFilter {
  /** The admin's id, or part of their e-mail (any case). */
  actor?: string | undefined;
  /** A target's id, or part of its label (any case). */
  target?: string | undefined;
  action?: string | undefined;
  /** Rows at or after this instant. */
  from?: Date | undefined;
  /** Rows before this instant. */
  before?: Date | undefined;
}

type Eb = ExpressionBuilder<Database, 'audit_log'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function conditions(eb: Eb, filter: AuditFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (filter.actor) {
    all.push(
      UUID.test(filter.actor)
        ? eb('actor_id', '=', filter.actor)
        : eb(sql`lower(actor_email)`, 'like', likePattern(filter.actor)),
    );
  }
  if (filter.target) {
    all.push(
      eb.or([eb('target_id', '=', filter.target), eb(sql`lower(target_label)`, 'like', likePattern(filter.target))]),
    );
  }
  if (filter.action) all.push(eb('action', '=', filter.action));
  if (filter.from) all.push(eb('at', '>=', filter.from));
  if (filter.before) all.push(eb('at', '<', filter.before));
  return eb.and(all);
}

/** One page of audit rows matching the filter, newest first, and how many match in all. */
export async function listAuditPage(db: Db, filter: AuditFilter, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) => conditions(eb, filter))
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => conditions(eb, filter))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * A member's trail, newest first: rows about the member (access, role, codes, sessions), about their
 * proofs of deposit and their support tickets, and rows the member made as an admin.
 */
export async function listAuditOfMember(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'member'), eb('target_id', '=', userId)]),
        eb('actor_id', '=', userId),
        eb.and([
          eb('target_type', '=', 'activation'),
          eb('target_id', 'in', sql<string>`(select id::text from activation_proofs where user_id = ${userId})`),
        ]),
        eb.and([
          eb('target_type', '=', 'ticket'),
          eb('target_id', 'in', sql<string>`(select id::text from support_tickets where user_id = ${userId})`),
        ]),
      ]),
    )
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
