import type { ProofStatus } from '@signalroom/shared';
import type { ActivationProofsTable } from '@signalroom/shared-node';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../users/users.repository.js';

export type ProofRow = Selectable<ActivationProofsTable>;
export type ProofWithMember = ProofRow & {
  member: Pick<UserRow, 'id' | 'full_name' | 'email' | 'admission_code' | 'tier'>;
};

/** Locks the member's row for the rest of the transaction, so one member's uploads run one at a time. */
export async function lockMember(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** Deletes the member's pending proof, if any; answers what it was (its file is the caller's to remove). */
export async function deletePendingProof(db: Db, userId: string): Promise<ProofRow | null> {
  const row = await db
    .deleteFrom('activation_proofs')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function insertProof(db: Db, values: Insertable<ActivationProofsTable>): Promise<ProofRow> {
  return db.insertInto('activation_proofs').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The member's latest proof, or null. */
export async function findLatestProof(db: Db, userId: string): Promise<ProofRow | null> {
  const row = await db
    .selectFrom('activation_proofs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export async function findProof(db: Db, id: string): Promise<ProofRow | null> {
  return (await db.selectFrom('activation_proofs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The proof, locked for the rest of the transaction (review decisions). */
export async function lockProof(db: Db, id: string): Promise<ProofRow | null> {
  const row = await db.selectFrom('activation_proofs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ?? null;
}

/** Records a review decision on a pending proof; null when it was no longer pending. */
export async function recordDecision(
  db: Db,
  id: string,
  decision: {
    status: Exclude<ProofStatus, 'pending'>;
    reviewedAt: Date;
    reviewedBy: string;
    tier?: ProofRow['tier'];
    reason?: string;
  },
): Promise<ProofRow | null> {
  const row = await db
    .updateTable('activation_proofs')
    .set({
      status: decision.status,
      reviewed_at: decision.reviewedAt,
      reviewed_by: decision.reviewedBy,
      tier: decision.tier ?? null,
      reason: decision.reason ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Proofs joined with the member who sent each, selecting both. */
function proofsWithMembers(db: Db) {
  return db
    .selectFrom('activation_proofs')
    .innerJoin('users', 'users.id', 'activation_proofs.user_id')
    .selectAll('activation_proofs')
    .select([
      'users.full_name as member_full_name',
      'users.email as member_email',
      'users.admission_code as member_admission_code',
      'users.tier as member_tier',
    ]);
}

type JoinedRow = ProofRow & {
  member_full_name: string;
  member_email: string;
  member_admission_code: string;
  member_tier: UserRow['tier'];
};

function splitMember({ member_full_name, member_email, member_admission_code, member_tier, ...proof }: JoinedRow) {
  return {
    ...proof,
    member: {
      id: proof.user_id,
      full_name: member_full_name,
      email: member_email,
      admission_code: member_admission_code,
      tier: member_tier,
    },
  };
}

/** A proof with the member who sent it; null when it does not exist. */
export async function findProofWithMember(db: Db, id: string): Promise<ProofWithMember | null> {
  const row = await proofsWithMembers(db).where('activation_proofs.id', '=', id).executeTakeFirst();
  return row ? splitMember(row) : null;
}

/**
 * One page of proofs in a status with their members: pending oldest first (the queue order), reviewed
 * newest decision first. Answers the total for the status too.
 */
export async function listProofs(
  db: Db,
  options: { status: ProofStatus; offset: number; limit: number },
): Promise<{ rows: ProofWithMember[]; total: number }> {
  const page = proofsWithMembers(db).where('activation_proofs.status', '=', options.status);
  const ordered =
    options.status === 'pending'
      ? page.orderBy('activation_proofs.submitted_at', 'asc').orderBy('activation_proofs.id', 'asc')
      : page.orderBy('activation_proofs.reviewed_at', 'desc').orderBy('activation_proofs.id', 'desc');
  const [rows, count] = await Promise.all([
    ordered.offset(options.offset).limit(options.limit).execute(),
    db
      .selectFrom('activation_proofs')
      .where('status', '=', options.status)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(splitMember), total: Number(count.n) };
}
