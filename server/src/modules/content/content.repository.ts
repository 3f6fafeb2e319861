import type { OperatorContentKind } from '@signalroom/shared';
import type { OperatorContentTable } from '@signalroom/shared-node';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';

export type ContentRow = Selectable<OperatorContentTable>;

/** The version in force of each kind that was ever saved (the highest version of each). */
export async function latestContent(db: Db, kinds?: readonly OperatorContentKind[]): Promise<ContentRow[]> {
  let query = db
    .selectFrom('operator_content')
    .selectAll()
    .distinctOn('kind')
    .orderBy('kind')
    .orderBy('version', 'desc');
  if (kinds) query = query.where('kind', 'in', [...kinds]);
  return query.execute();
}

/**
 * Stores a new version of a kind. Two admins saving at once both read the same latest version, and
 * the second insert hits the primary key: the caller answers it as a conflict instead of losing an edit.
 */
export async function insertContentVersion(
  db: Db,
  entry: {
    kind: OperatorContentKind;
    version: number;
    body: unknown;
    savedBy: string;
    savedByEmail: string;
    now: Date;
  },
): Promise<ContentRow> {
  return db
    .insertInto('operator_content')
    .values({
      kind: entry.kind,
      version: entry.version,
      body: JSON.stringify(entry.body),
      saved_by: entry.savedBy,
      saved_by_email: entry.savedByEmail,
      saved_at: entry.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
