import { emailKey } from '@signalroom/shared';
import type { Db } from '../../db/database.js';

export interface OutboxInsert {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** Records a mail before it is sent; returns its id. */
export async function insertOutboxMail(db: Db, mail: OutboxInsert): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: mail.to, kind: mail.kind, subject: mail.subject, text_body: mail.text, html_body: mail.html })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markOutboxSent(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at: at, error: null }).where('id', '=', id).execute();
}

export async function markOutboxFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ error: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

/** The newest mails first (development outbox page). */
export async function listRecentOutboxMail(db: Db, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'kind', 'text_body', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Claims the right to send a `purpose` mail to `email` now, blocking the next one for `seconds`.
 * One conditional upsert, so simultaneous requests (on any replica) claim it once. Returns 0 when
 * claimed, else the seconds still to wait.
 */
export async function claimMailCooldown(
  db: Db,
  email: string,
  purpose: string,
  now: Date,
  seconds: number,
): Promise<number> {
  const key = emailKey(email);
  const next = new Date(now.getTime() + seconds * 1000);
  const claimed = await db
    .insertInto('mail_cooldowns')
    .values({ email: key, purpose, next_allowed_at: next })
    .onConflict((oc) =>
      oc
        .columns(['email', 'purpose'])
        .doUpdateSet({ next_allowed_at: next })
        .where('mail_cooldowns.next_allowed_at', '<=', now),
    )
    .returning('email')
    .executeTakeFirst();
  if (claimed) return 0;
  const row = await db
    .selectFrom('mail_cooldowns')
    .select('next_allowed_at')
    .where('email', '=', key)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return 0;
  return Math.max(1, Math.ceil((new Date(row.next_allowed_at).getTime() - now.getTime()) / 1000));
}
