import { randomBytes } from 'node:crypto';
import type { TRegisterRequest, TSessionData } from '@signalroom/shared';
import { expect } from 'vitest';
import type { ReceivedMail } from '../helpers/smtp.js';
import type { TestServer } from '../helpers/test-server.js';

export const PASSWORD = 'Str0ngPassw0rd';

/** A fresh address per call, so tests never depend on each other's members. */
export function uniqueEmail(label = 'person'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export function registration(overrides: Partial<TRegisterRequest> = {}): TRegisterRequest {
  return {
    fullName: 'Ada Obi',
    email: uniqueEmail(),
    phone: '+234 803 555 1234',
    country: 'Nigeria',
    telegram: '@ada',
    password: PASSWORD,
    ...overrides,
  };
}

/** The 10-character code of a confirmation mail (as a person reads it). */
export function codeFrom(mail: ReceivedMail): string {
  const match = /confirmation code is: ([A-Z0-9]{10})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No code in mail: ${mail.text}`);
  return match[1];
}

/** The token of the reset link in a reset mail. */
export function resetTokenFrom(mail: ReceivedMail, publicUrl = 'http://localhost:5173'): string {
  const match = new RegExp(
    `${publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]+)`,
  ).exec(mail.text);
  if (!match?.[1]) throw new Error(`No reset link in mail: ${mail.text}`);
  return match[1];
}

/** Waits for the newest mail of a kind (by subject) to an address. */
export function waitForMail(server: TestServer, to: string, subjectPart: string, skip = 0): Promise<ReceivedMail> {
  return server.smtp.waitFor(
    (m) =>
      m.to.includes(to.toLowerCase()) &&
      m.subject.includes(subjectPart) &&
      server.smtp.messages
        .filter((x) => x.to.includes(to.toLowerCase()) && x.subject.includes(subjectPart))
        .indexOf(m) >= skip,
  );
}

export function mailsTo(server: TestServer, to: string, subjectPart?: string): ReceivedMail[] {
  return server.smtp.messages.filter(
    (m) => m.to.includes(to.toLowerCase()) && (subjectPart === undefined || m.subject.includes(subjectPart)),
  );
}

/** Registers through the API, reads the code from the real mail, confirms; returns the session. */
export async function registerAndConfirm(
  server: TestServer,
  overrides: Partial<TRegisterRequest> = {},
): Promise<TSessionData & { email: string; password: string }> {
  const input = registration(overrides);
  const reg = await server.api('POST', '/api/auth/register', { body: input });
  expect(reg.status).toBe(201);
  const mail = await waitForMail(server, input.email, 'confirmation code');
  const confirmed = await server.api<TSessionData>('POST', '/api/auth/confirm-code', {
    body: { email: input.email, confirmationCode: codeFrom(mail) },
  });
  expect(confirmed.status).toBe(200);
  return { ...confirmed.body.data!, email: input.email, password: input.password };
}

/** The user row (its id) stored for this e-mail, or undefined (to prove a refused sign-up wrote no user). */
export function findUserByEmail(server: TestServer, email: string): Promise<{ id: string } | undefined> {
  return server.context.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

/** Rows in a table (to prove a refused call wrote nothing). */
export async function countRows(
  server: TestServer,
  table: 'users' | 'sessions' | 'email_codes' | 'reset_tokens' | 'mail_outbox',
): Promise<number> {
  const row = await server.context.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves the server's clock (ctx.now) forward; rules about expiry and cooldowns read it. */
export function advanceClock(server: TestServer, ms: number): void {
  const current = server.context.now();
  const offset = current.getTime() - Date.now() + ms;
  server.context.now = () => new Date(Date.now() + offset);
}
