import { randomBytes, randomUUID } from 'node:crypto';
import {
  toBotAccessSubmission,
  ZAccessUpdateRequest,
  ZActivationApproveRequest,
  ZActivationRejectRequest,
  ZAdminActivationsQuery,
  ZAdminDeliveriesQuery,
  ZAdminSearchQuery,
  ZAdminSupportQuery,
  ZAdminUsersQuery,
  ZAuditQuery,
  ZBotAccessListQuery,
  ZBotAccessStatusUpdate,
  ZBotAccessSubmitRequest,
  ZBotSettingsRequest,
  ZConfirmCodeRequest,
  ZCountdownResetRequest,
  ZDashboardCodeIssueRequest,
  ZDashboardCodeRequest,
  ZDeskPublishRequest,
  ZEmailChangeConfirmRequest,
  ZEmailChangeRequest,
  ZForgotPasswordRequest,
  ZJournalEntryRequest,
  ZJournalImportRequest,
  ZLoginRequest,
  ZNothing,
  ZNotificationSettings,
  ZNotificationsQuery,
  ZPasswordChangeRequest,
  ZProfileUpdateRequest,
  ZRegisterRequest,
  ZResendRequest,
  ZResetPasswordRequest,
  ZResetTokenRequest,
  ZRiskPlanRequest,
  ZRoleUpdateRequest,
  ZSignalListQuery,
  ZStreamQuery,
  ZSupportReplyRequest,
  ZSupportStatusRequest,
  ZSupportTicketRequest,
  ZVaultCourseRequest,
  ZVaultSessionRequest,
  ZWebhookCreateRequest,
} from '@signalroom/shared';
import { VALID_BOT_ACCESS_FORM } from '@signalroom/shared/test-data';
import { sql } from 'kysely';
import type { z } from 'zod';
import { uploadProof, validProof } from '../activation/activation-helpers.js';
import { createMember } from './factories.js';
import { insertSignal } from './signal-rows.js';
import type { TestServer } from './test-server.js';

/** Tables a call may write; counted before and after a refused call to prove it wrote nothing. */
export const WRITABLE_TABLES = [
  'users',
  'sessions',
  'email_codes',
  'reset_tokens',
  'mail_outbox',
  'mail_cooldowns',
  'dashboard_codes',
  'bot_access_submissions',
  'activation_proofs',
  'stored_files',
  'support_tickets',
  'support_messages',
  'tier_grants',
  'audit_log',
  'bot_settings',
  'paper_trades',
  'signals',
  'signal_notes',
  'webhook_endpoints',
  'journal_entries',
  'vault_courses',
  'vault_sessions',
] as const;

/** Who calls: nobody signed in, a guest member, an unlocked gold member, or an admin. */
export type Caller = 'public' | 'member' | 'unlocked' | 'admin';

/** Ids and sessions the calls below need, made once per test server. */
export interface EndpointFixtures {
  tokens: Record<Exclude<Caller, 'public'>, string>;
  /** A member the admin calls act on. */
  targetUserId: string;
  /** A stored bot-access application the status call acts on. */
  submissionId: string;
  /** Pending proofs of deposit (of two members) the approve and the reject calls act on. */
  proofIds: { approve: string; reject: string };
  /** A support ticket of the `member` caller, which the admin calls answer too. */
  ticketId: string;
  /** A resolved signal in the record, which the journal calls act on. */
  signalId: string;
}

/** Fixtures with placeholder ids: enough to read a call's path (to group calls) before a server runs. */
export const PATH_PLACEHOLDERS: EndpointFixtures = {
  tokens: { member: '', unlocked: '', admin: '' },
  targetUserId: ':id',
  submissionId: ':id',
  proofIds: { approve: ':id', reject: ':id' },
  ticketId: ':id',
  signalId: ':id',
};

/** One API call that takes a body or a query string, with its shared schema and a valid input. */
export interface EndpointCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path(f: EndpointFixtures): string;
  caller: Caller;
  /** Where the input goes. */
  part: 'body' | 'query';
  schema: z.ZodType;
  /** A fresh input that passes the schema and, as far as a stranger can know, the rules. */
  valid(): Record<string, unknown>;
  /**
   * Refusals that write by design: login's 403 for an unconfirmed account mails a fresh code (a row
   * in the outbox and the cooldown), so its owner can finish confirming.
   */
  writesOnRefusal?: number[];
}

const email = (label = 'input') => `${label}-${randomBytes(5).toString('hex')}@example.com`;

/** Every public and member call with a body or a query string. */
export const ENDPOINTS: EndpointCase[] = [
  {
    name: 'register',
    method: 'POST',
    path: () => '/api/auth/register',
    caller: 'public',
    part: 'body',
    schema: ZRegisterRequest,
    valid: () => ({
      fullName: 'Ada Obi',
      email: email('register'),
      phone: '0803 555 1234',
      country: 'Nigeria',
      telegram: '@ada',
      password: 'Str0ngPassw0rd',
    }),
  },
  {
    name: 'confirm-code',
    method: 'POST',
    path: () => '/api/auth/confirm-code',
    caller: 'public',
    part: 'body',
    schema: ZConfirmCodeRequest,
    valid: () => ({ email: email('confirm'), confirmationCode: 'ABCDE12345' }),
  },
  {
    name: 'resend-welcome-email',
    method: 'POST',
    path: () => '/api/auth/resend-welcome-email',
    caller: 'public',
    part: 'body',
    schema: ZResendRequest,
    valid: () => ({ email: email('resend') }),
  },
  {
    name: 'login',
    method: 'POST',
    path: () => '/api/auth/login',
    caller: 'public',
    part: 'body',
    schema: ZLoginRequest,
    valid: () => ({ email: email('login'), password: 'Str0ngPassw0rd' }),
    writesOnRefusal: [403],
  },
  {
    name: 'forgot-password',
    method: 'POST',
    path: () => '/api/auth/forgot-password',
    caller: 'public',
    part: 'body',
    schema: ZForgotPasswordRequest,
    valid: () => ({ email: email('forgot') }),
  },
  {
    name: 'verify-reset-token',
    method: 'POST',
    path: () => '/api/auth/verify-reset-token',
    caller: 'public',
    part: 'body',
    schema: ZResetTokenRequest,
    valid: () => ({ token: randomBytes(32).toString('base64url') }),
  },
  {
    name: 'reset-password',
    method: 'POST',
    path: () => '/api/auth/reset-password',
    caller: 'public',
    part: 'body',
    schema: ZResetPasswordRequest,
    valid: () => ({ token: randomBytes(32).toString('base64url'), newPassword: 'N3wPassword' }),
  },
  {
    name: 'validate-dashboard-code',
    method: 'POST',
    path: () => '/api/auth/validate-dashboard-code',
    caller: 'member',
    part: 'body',
    schema: ZDashboardCodeRequest,
    valid: () => ({ dashboardCode: 'ABCD-EFGH-JKLM' }),
  },
  {
    name: 'users/profile',
    method: 'PUT',
    path: () => '/api/users/profile',
    caller: 'member',
    part: 'body',
    schema: ZProfileUpdateRequest,
    valid: () => ({ brokerAccountId: 'BRK-1001', depositAmount: 250, accessPath: 'manual', fullName: 'Ada Obi' }),
  },
  {
    name: 'users/email-change',
    method: 'POST',
    path: () => '/api/users/email-change',
    caller: 'member',
    part: 'body',
    schema: ZEmailChangeRequest,
    valid: () => ({ newEmail: email('moving') }),
  },
  {
    name: 'users/email-change/confirm',
    method: 'POST',
    path: () => '/api/users/email-change/confirm',
    caller: 'member',
    part: 'body',
    schema: ZEmailChangeConfirmRequest,
    valid: () => ({ confirmationCode: 'ABCDEFGHJK' }),
  },
  {
    name: 'users/password',
    method: 'POST',
    path: () => '/api/users/password',
    caller: 'member',
    part: 'body',
    schema: ZPasswordChangeRequest,
    // A wrong current password: the call runs every rule and refuses, so the member's password stays.
    valid: () => ({ currentPassword: 'Not-the-passw0rd', newPassword: 'NewPassw0rd' }),
  },
  {
    name: 'users/notifications',
    method: 'PUT',
    path: () => '/api/users/notifications',
    caller: 'member',
    part: 'body',
    schema: ZNotificationSettings,
    valid: () => ({ signals: true, trades: false, marketing: false, security: true }),
  },
  {
    name: 'users/risk-plan',
    method: 'PUT',
    path: () => '/api/users/risk-plan',
    caller: 'member',
    part: 'body',
    schema: ZRiskPlanRequest,
    valid: () => ({ stake: 10, maxLevel: 2, dailyLossLimit: 150, currency: 'USD' }),
  },
  {
    name: 'signals/:id/journal',
    method: 'PUT',
    path: (f) => `/api/signals/${f.signalId}/journal`,
    caller: 'unlocked',
    part: 'body',
    schema: ZJournalEntryRequest,
    valid: () => ({ taken: true, stake: 10, fillPrice: 1.0846, filledAt: '2026-11-20T08:00:03Z', result: 8 }),
  },
  {
    name: 'users/journal/import',
    method: 'POST',
    path: () => '/api/users/journal/import',
    caller: 'unlocked',
    part: 'body',
    schema: ZJournalImportRequest,
    valid: () => ({
      rows: [
        { line: 2, time: '2026-11-20 08:00:05', instrument: 'EUR/USD', direction: 'BUY', stake: '10', result: '8' },
      ],
      utcOffsetMinutes: 0,
      dryRun: true,
    }),
  },
  {
    name: 'admin/vault/courses',
    method: 'POST',
    path: () => '/api/admin/vault/courses',
    caller: 'admin',
    part: 'body',
    schema: ZVaultCourseRequest,
    valid: () => ({
      title: 'Risk first',
      category: 'risk-management',
      level: 'Beginner',
      instructor: 'Ada Mensah',
      description: 'Sizing a stake before the trade.',
      topics: ['Stakes'],
    }),
  },
  {
    name: 'admin/vault/sessions',
    method: 'POST',
    path: () => '/api/admin/vault/sessions',
    caller: 'admin',
    part: 'body',
    schema: ZVaultSessionRequest,
    valid: () => ({
      title: 'Weekly review',
      host: 'Ada Mensah',
      description: 'The week’s signals, one by one.',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      durationMinutes: 45,
    }),
  },
  {
    name: 'users/webhooks',
    method: 'POST',
    path: () => '/api/users/webhooks',
    caller: 'unlocked',
    part: 'body',
    schema: ZWebhookCreateRequest,
    valid: () => ({ url: 'https://hooks.example.com/signals', events: ['signal.issued', 'signal.resolved'] }),
  },
  {
    name: 'bot-access/submit',
    method: 'POST',
    path: () => '/api/bot-access/submit',
    caller: 'public',
    part: 'body',
    schema: ZBotAccessSubmitRequest,
    valid: () => ({ ...toBotAccessSubmission(VALID_BOT_ACCESS_FORM), email: email('bot') }),
  },
  {
    name: 'bot-access/submissions',
    method: 'GET',
    path: () => '/api/bot-access/submissions',
    caller: 'admin',
    part: 'query',
    schema: ZBotAccessListQuery,
    valid: () => ({ page: '1', limit: '50', status: 'new' }),
  },
  {
    name: 'bot-access/submissions/:id/status',
    method: 'PATCH',
    path: (f) => `/api/bot-access/submissions/${f.submissionId}/status`,
    caller: 'admin',
    part: 'body',
    schema: ZBotAccessStatusUpdate,
    valid: () => ({ status: 'contacted', notes: 'Called on WhatsApp.\nFunding today.' }),
  },
  {
    name: 'admin/users',
    method: 'GET',
    path: () => '/api/admin/users',
    caller: 'admin',
    part: 'query',
    schema: ZAdminUsersQuery,
    valid: () => ({ page: '1', limit: '50' }),
  },
  {
    name: 'admin/users/search',
    method: 'GET',
    path: () => '/api/admin/users/search',
    caller: 'admin',
    part: 'query',
    schema: ZAdminSearchQuery,
    valid: () => ({ query: 'ada', limit: '50' }),
  },
  {
    name: 'admin/users/:id/access',
    method: 'PATCH',
    path: (f) => `/api/admin/users/${f.targetUserId}/access`,
    caller: 'admin',
    part: 'body',
    schema: ZAccessUpdateRequest,
    valid: () => ({
      tier: 'silver',
      dashboardUnlocked: true,
      hasDeposited: true,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      reason: 'Trial of silver for an hour.',
    }),
  },
  {
    name: 'admin/users/:id/role',
    method: 'POST',
    path: (f) => `/api/admin/users/${f.targetUserId}/role`,
    caller: 'admin',
    part: 'body',
    schema: ZRoleUpdateRequest,
    valid: () => ({ role: 'member' }),
  },
  {
    name: 'admin/users/:id/dashboard-code',
    method: 'POST',
    path: (f) => `/api/admin/users/${f.targetUserId}/dashboard-code`,
    caller: 'admin',
    part: 'body',
    schema: ZDashboardCodeIssueRequest,
    valid: () => ({ tier: 'pro' }),
  },
  {
    name: 'admin/audit',
    method: 'GET',
    path: () => '/api/admin/audit',
    caller: 'admin',
    part: 'query',
    schema: ZAuditQuery,
    valid: () => ({ actor: 'admin', action: 'member.access', from: '2026-01-01', to: '2026-12-31', page: '1' }),
  },
  {
    name: 'admin/deliveries',
    method: 'GET',
    path: () => '/api/admin/deliveries',
    caller: 'admin',
    part: 'query',
    schema: ZAdminDeliveriesQuery,
    valid: () => ({ page: '1' }),
  },
  {
    name: 'admin/activations',
    method: 'GET',
    path: () => '/api/admin/activations',
    caller: 'admin',
    part: 'query',
    schema: ZAdminActivationsQuery,
    valid: () => ({ status: 'pending', page: '1', limit: '50' }),
  },
  {
    name: 'admin/activations/:id/approve',
    method: 'POST',
    path: (f) => `/api/admin/activations/${f.proofIds.approve}/approve`,
    caller: 'admin',
    part: 'body',
    schema: ZActivationApproveRequest,
    valid: () => ({ tier: 'gold' }),
  },
  {
    name: 'admin/activations/:id/reject',
    method: 'POST',
    path: (f) => `/api/admin/activations/${f.proofIds.reject}/reject`,
    caller: 'admin',
    part: 'body',
    schema: ZActivationRejectRequest,
    valid: () => ({ reason: 'The screenshot does not show the deposit.\nPlease send the receipt.' }),
  },
  {
    name: 'countdown/reset',
    method: 'POST',
    path: () => '/api/countdown/reset',
    caller: 'admin',
    part: 'body',
    schema: ZCountdownResetRequest,
    valid: () => ({ durationMinutes: 480 }),
  },
  {
    name: 'support/tickets',
    method: 'POST',
    path: () => '/api/support/tickets',
    caller: 'member',
    part: 'body',
    schema: ZSupportTicketRequest,
    valid: () => ({
      category: 'technical',
      priority: 'low',
      subject: 'The page does not load',
      message: 'The signal room stays blank.\nChrome on Android.',
    }),
  },
  {
    name: 'support/tickets/:id/messages',
    method: 'POST',
    path: (f) => `/api/support/tickets/${f.ticketId}/messages`,
    caller: 'member',
    part: 'body',
    schema: ZSupportReplyRequest,
    valid: () => ({ message: 'Any news on this one?' }),
  },
  {
    name: 'admin/support/tickets',
    method: 'GET',
    path: () => '/api/admin/support/tickets',
    caller: 'admin',
    part: 'query',
    schema: ZAdminSupportQuery,
    valid: () => ({ status: 'open', category: 'technical', priority: 'low', q: 'page', page: '1', limit: '50' }),
  },
  {
    name: 'admin/support/tickets/:id/messages',
    method: 'POST',
    path: (f) => `/api/admin/support/tickets/${f.ticketId}/messages`,
    caller: 'admin',
    part: 'body',
    schema: ZSupportReplyRequest,
    valid: () => ({ message: 'We are on it.\nThanks for waiting.' }),
  },
  {
    name: 'admin/support/tickets/:id',
    method: 'PATCH',
    path: (f) => `/api/admin/support/tickets/${f.ticketId}`,
    caller: 'admin',
    part: 'body',
    schema: ZSupportStatusRequest,
    valid: () => ({ status: 'open' }),
  },
  {
    name: 'signals',
    method: 'GET',
    path: () => '/api/signals',
    caller: 'unlocked',
    part: 'query',
    schema: ZSignalListQuery,
    valid: () => ({ limit: '10', sortOrder: 'desc' }),
  },
  {
    name: 'bot/settings',
    method: 'PUT',
    path: () => '/api/bot/settings',
    caller: 'unlocked',
    part: 'body',
    schema: ZBotSettingsRequest,
    valid: () => ({ riskLevel: 'moderate', maxTradesPerDay: 15, tradeSize: 100 }),
  },
  {
    name: 'notifications',
    method: 'GET',
    path: () => '/api/notifications',
    caller: 'member',
    part: 'query',
    schema: ZNotificationsQuery,
    valid: () => ({ limit: '10' }),
  },
  {
    name: 'notifications/read-all',
    method: 'POST',
    path: () => '/api/notifications/read-all',
    caller: 'member',
    part: 'body',
    schema: ZNothing,
    valid: () => ({}),
  },
  {
    name: 'gold/stream',
    method: 'GET',
    path: () => '/api/gold/stream',
    caller: 'unlocked',
    part: 'query',
    schema: ZStreamQuery,
    valid: () => ({ asset: 'GBP/USD' }),
  },
  {
    name: 'desk/signals',
    method: 'POST',
    path: () => '/api/desk/signals',
    caller: 'admin',
    part: 'body',
    schema: ZDeskPublishRequest,
    valid: () => ({
      asset: 'EUR/USD (OTC)',
      direction: 'CALL',
      windowMs: 300_000,
      confidence: 70,
      stopLoss: null,
      takeProfit: null,
      analysis: 'Range breakout with rising volume.',
      idempotencyKey: randomUUID(),
    }),
  },
];

/** Makes the members, the admin and the application the calls need. */
export async function prepareFixtures(server: TestServer): Promise<EndpointFixtures> {
  const db = server.context.db;
  const [member, unlocked, admin, target, toApprove, toReject] = await Promise.all([
    createMember(db),
    createMember(db, { tier: 'gold' }),
    createMember(db, { role: 'admin' }),
    createMember(db),
    createMember(db),
    createMember(db),
  ]);
  const submitted = await server.api<{ id: string }>('POST', '/api/bot-access/submit', {
    body: toBotAccessSubmission(VALID_BOT_ACCESS_FORM),
  });
  if (!submitted.body.data) throw new Error(`fixture application refused: ${submitted.body.message}`);
  const proofIdOf = async (token: string) => {
    const proof = await uploadProof<{ activation: { proof: { id: string } } }>(server, token, validProof());
    if (!proof.body.data) throw new Error(`fixture proof refused: ${proof.body.message}`);
    return proof.body.data.activation.proof.id;
  };
  const ticket = await server.api<{ id: string }>('POST', '/api/support/tickets', {
    token: member.token,
    body: { category: 'other', subject: 'Fixture ticket', message: 'A ticket the calls act on.' },
  });
  if (!ticket.body.data) throw new Error(`fixture ticket refused: ${ticket.body.message}`);
  const signal = await insertSignal(db, {
    slotStart: new Date(Math.floor(Date.now() / 300_000) * 300_000 - 3_600_000),
    asset: 'EUR/USD',
    result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 },
  });
  return {
    signalId: signal.id,
    ticketId: ticket.body.data.id,
    tokens: { member: member.token, unlocked: unlocked.token, admin: admin.token },
    targetUserId: target.user.id,
    submissionId: submitted.body.data.id,
    proofIds: { approve: await proofIdOf(toApprove.token), reject: await proofIdOf(toReject.token) },
  };
}

/** Sends one input to a call, in its body or as its query string, with the caller's session. */
export function callEndpoint(
  server: TestServer,
  endpoint: EndpointCase,
  fixtures: EndpointFixtures,
  input: unknown,
  options: { rawBody?: string } = {},
) {
  const token = endpoint.caller === 'public' ? undefined : fixtures.tokens[endpoint.caller];
  const path = endpoint.path(fixtures);
  if (endpoint.part === 'query') {
    return server.api(endpoint.method, `${path}${toQueryString(input)}`, { ...(token ? { token } : {}) });
  }
  return server.api(endpoint.method, path, {
    ...(token ? { token } : {}),
    ...(options.rawBody !== undefined ? { rawBody: options.rawBody } : { body: input }),
  });
}

/** A query string from an object; arrays repeat the key, other values are turned into text. */
export function toQueryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Row counts of every writable table, in one query. */
export async function countWritableRows(server: TestServer): Promise<Record<string, number>> {
  const selects = WRITABLE_TABLES.map((t) => `(select count(*) from ${t}) as ${t}`).join(', ');
  const result = await sql.raw<Record<string, string | number>>(`select ${selects}`).execute(server.context.db);
  const row = result.rows[0] ?? {};
  return Object.fromEntries(WRITABLE_TABLES.map((t) => [t, Number(row[t])]));
}
