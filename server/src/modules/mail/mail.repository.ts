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
