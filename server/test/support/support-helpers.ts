import type { Db } from '../../src/db/database.js';

/** Rows of the support tables, to prove a refused call wrote nothing. */
export async function supportRowCounts(db: Db): Promise<{ tickets: number; messages: number }> {
  const [tickets, messages] = await Promise.all([
    db
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { tickets: Number(tickets.n), messages: Number(messages.n) };
}

export const validTicket = (overrides: Record<string, unknown> = {}) => ({
  category: 'deposit-issues',
  priority: 'high',
  subject: 'My deposit is not showing',
  message: 'I funded the broker account two hours ago and nothing shows yet.',
  ...overrides,
});
