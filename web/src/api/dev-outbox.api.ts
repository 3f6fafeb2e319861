import { api } from './client.js';

/** A mail as the development outbox lists it; field names are read loosely (the auth module owns them). */
export interface OutboxMail {
  id?: string;
  to?: string;
  toAddress?: string;
  subject?: string;
  kind?: string;
  text?: string;
  textBody?: string;
  createdAt?: string;
  sentAt?: string | null;
  error?: string | null;
}

/** GET /api/dev/outbox: mails the server sent or would send; exists only outside production. */
export function fetchDevOutbox() {
  return api.get<OutboxMail[] | { items?: OutboxMail[]; mails?: OutboxMail[] }>('/dev/outbox');
}
