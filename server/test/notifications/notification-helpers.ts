import type { TNotification, TNotificationsPage, TSupportThread } from '@signalroom/shared';
import { expect } from 'vitest';
import type { CreatedMember } from '../helpers/factories.js';
import type { TestServer } from '../helpers/test-server.js';

/** The member's bell as the web app reads it (the first page, and the unread count). */
export async function bellOf(server: TestServer, token: string, query = ''): Promise<TNotificationsPage> {
  const answer = await server.api<TNotificationsPage>('GET', `/api/notifications${query}`, { token });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data!;
}

/** The member's notifications of one kind (newest first). */
export async function notificationsOfKind<K extends TNotification['kind']>(
  server: TestServer,
  token: string,
  kind: K,
): Promise<Extract<TNotification, { kind: K }>[]> {
  const page = await bellOf(server, token, '?limit=50');
  return page.items.filter((n): n is Extract<TNotification, { kind: K }> => n.kind === kind);
}

/** A member opens a ticket and an admin answers it; answers the ticket and the reply's text. */
export async function supportReplyFor(
  server: TestServer,
  admin: CreatedMember,
  member: CreatedMember,
  subject = 'Where is my deposit?',
): Promise<{ ticketId: string; reply: string }> {
  const opened = await server.api<TSupportThread>('POST', '/api/support/tickets', {
    token: member.token,
    body: { category: 'deposit-issues', priority: 'high', subject, message: 'I funded my broker account an hour ago.' },
  });
  expect(opened.status, opened.body.message).toBe(201);
  const ticketId = opened.body.data!.id;
  const reply = 'We found it: your deposit is confirmed.';
  const answered = await server.api('POST', `/api/admin/support/tickets/${ticketId}/messages`, {
    token: admin.token,
    body: { message: reply },
  });
  expect(answered.status, answered.body.message).toBe(201);
  return { ticketId, reply };
}
