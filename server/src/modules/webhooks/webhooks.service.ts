import { randomUUID } from 'node:crypto';
import {
  type TCreatedWebhookEndpoint,
  type TUser,
  type TWebhookAttempt,
  type TWebhookCreateRequest,
  type TWebhookEndpoint,
  type TWebhookUpdateRequest,
  WEBHOOK_ATTEMPTS_LISTED,
  WEBHOOK_MAX_PER_MEMBER,
  WebhookMessages,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { lockMember } from '../users/users.repository.js';
import { generateWebhookSecret } from './webhook-secret.js';
import { webhookTargetProblem } from './webhook-target.js';
import {
  type AttemptRow,
  countEndpoints,
  deleteEndpoint,
  type EndpointRow,
  findAttemptMessage,
  insertEndpoint,
  listAttempts,
  listEndpoints,
  lockEndpoint,
  updateEndpoint,
} from './webhooks.repository.js';
import { WEBHOOK_TASKS, type WebhookResendTask } from './webhooks.tasks.js';

type Ctx = Pick<ServerContext, 'db' | 'config' | 'now' | 'tasks'>;

/** What leaves the server about an endpoint: never its secret. */
export function presentWebhookEndpoint(row: EndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.disabled_at === null,
    disabledAt: row.disabled_at ? new Date(row.disabled_at).toISOString() : null,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since ? new Date(row.failing_since).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function presentAttempt(row: AttemptRow): TWebhookAttempt {
  return {
    id: row.id,
    messageId: row.message_id,
    event: row.event,
    signalId: row.signal_id,
    at: new Date(row.at).toISOString(),
    trigger: row.trigger,
    succeeded: row.succeeded,
    responseStatus: row.response_status,
    responseMs: row.response_ms,
    error: row.error,
  };
}

/** How the audit trail names an endpoint: its address without the query, which may carry a token. */
function auditLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The member's endpoints. */
export async function listWebhooks(ctx: Ctx, user: TUser): Promise<TWebhookEndpoint[]> {
  return (await listEndpoints(ctx.db, user.id)).map(presentWebhookEndpoint);
}

/**
 * Adds an endpoint. The URL must satisfy this deployment's rule (https and a public address in
 * production: 400 on `url` otherwise), and a member has at most WEBHOOK_MAX_PER_MEMBER (400 on `url`
 * past it, counted under a lock on the member). Audited in the same transaction. The answer is the only
 * place the signing secret appears.
 */
export async function createWebhook(
  ctx: Ctx,
  user: TUser,
  actor: AuditActor,
  input: TWebhookCreateRequest,
): Promise<TCreatedWebhookEndpoint> {
  const problem = await webhookTargetProblem(input.url, { localTargets: ctx.config.webhookAllowLocal });
  if (problem) throw AppError.validation(problem, { url: problem });
  const url = new URL(input.url).href;
  const secret = generateWebhookSecret();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, user.id);
    if ((await countEndpoints(trx, user.id)) >= WEBHOOK_MAX_PER_MEMBER) {
      throw AppError.validation(WebhookMessages.limitReached, { url: WebhookMessages.limitReached });
    }
    const created = await insertEndpoint(trx, { userId: user.id, url, events: input.events, secret, now: ctx.now() });
    await recordAudit(trx, {
      actor,
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: created.id,
      targetLabel: auditLabel(created.url),
      after: { url: auditLabel(created.url), events: created.events },
    });
    return created;
  });
  return { ...presentWebhookEndpoint(row), secret };
}

/** Changes the events of one of the member's endpoints, or enables (or pauses) it; audited. */
export async function updateWebhook(
  ctx: Ctx,
  user: TUser,
  actor: AuditActor,
  id: string,
  input: TWebhookUpdateRequest,
): Promise<TWebhookEndpoint> {
  if (!isUuid(id)) throw AppError.notFound(WebhookMessages.notFound);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockEndpoint(trx, user.id, id);
    if (!before) throw AppError.notFound(WebhookMessages.notFound);
    const wasEnabled = before.disabled_at === null;
    let disabled: { at: Date; reason: string } | null | undefined;
    if (input.enabled === true && !wasEnabled) disabled = null;
    if (input.enabled === false && wasEnabled) disabled = { at: ctx.now(), reason: WebhookMessages.pausedReason };
    const after = await updateEndpoint(trx, id, { ...(input.events ? { events: input.events } : {}), disabled });
    await recordAudit(trx, {
      actor,
      action: 'webhook.update',
      targetType: 'webhook',
      targetId: id,
      targetLabel: auditLabel(after.url),
      before: { events: before.events, enabled: wasEnabled },
      after: { events: after.events, enabled: after.disabled_at === null },
    });
    return presentWebhookEndpoint(after);
  });
}

/** Deletes one of the member's endpoints, with its log; audited in the same transaction. */
export async function deleteWebhook(ctx: Ctx, user: TUser, actor: AuditActor, id: string): Promise<void> {
  if (!isUuid(id)) throw AppError.notFound(WebhookMessages.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await deleteEndpoint(trx, user.id, id);
    if (!deleted) throw AppError.notFound(WebhookMessages.notFound);
    await recordAudit(trx, {
      actor,
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: id,
      targetLabel: auditLabel(deleted.url),
      before: { url: auditLabel(deleted.url), events: deleted.events },
    });
  });
}

/** The latest attempts at one of the member's endpoints, newest first. */
export async function listWebhookAttempts(ctx: Ctx, user: TUser, id: string): Promise<TWebhookAttempt[]> {
  if (!isUuid(id) || !(await listEndpoints(ctx.db, user.id)).some((e) => e.id === id)) {
    throw AppError.notFound(WebhookMessages.notFound);
  }
  return (await listAttempts(ctx.db, id, WEBHOOK_ATTEMPTS_LISTED)).map(presentAttempt);
}

/**
 * Sends the message of one attempt again, through the task queue (one try, same `webhook-id`, signed
 * afresh). 404 for an attempt that is not the member's; 409 while the endpoint is disabled.
 */
export async function resendWebhookAttempt(ctx: Ctx, user: TUser, id: string, attemptId: string): Promise<void> {
  if (!isUuid(id) || !isUuid(attemptId)) throw AppError.notFound(WebhookMessages.attemptNotFound);
  const found = await findAttemptMessage(ctx.db, user.id, id, attemptId);
  if (!found) throw AppError.notFound(WebhookMessages.attemptNotFound);
  if (found.disabled) throw AppError.conflict(WebhookMessages.resendDisabled);
  const task: WebhookResendTask = { endpointId: id, messageId: found.messageId };
  await ctx.tasks.schedule(WEBHOOK_TASKS.resend, randomUUID(), task);
}
