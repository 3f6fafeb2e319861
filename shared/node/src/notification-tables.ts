import type { ColumnType, Generated } from 'kysely';

/**
 * One notification of a member's notification centre. `ref` names what it is about (the signal, the
 * support message, the proof, the tier grant, the reply, the session): one notification per member, kind
 * and ref, held by a unique index, so a task or hook that runs twice adds nothing. `data` is the kind's
 * payload (shared/src/notifications.ts). Deleted with the member, and after 90 days.
 */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  ref: string;
  data: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface NotificationTables {
  notifications: NotificationsTable;
}
