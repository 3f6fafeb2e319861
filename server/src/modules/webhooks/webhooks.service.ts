import {
  type TCreatedWebhookEndpoint,
  type TUser,
  type TWebhookAttempt,
  type TWebhookAttemptsQuery,
  type TWebhookCreateRequest,
  type TWebhookDeliveriesQuery,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookRecovered,
  type TWebhookTestQueued,
  type TWebhookUpdateRequest,
  WEBHOOK_HISTORY_DAYS,
  WEBHOOK_MANUAL_QUEUE_MAX,
  WEBHOOK_MAX_PER_MEMBER,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOK_TEST_EVENT,
  WebhookMessages,
  ZWebhookPayload,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { decodePageCursor, pageOf } from '../../http/page-cursor.js';
import { isUuid } from '../../http/parse.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { lockMember } from '../users/users.repository.js';
import { type AttemptRow, findAttemptMessage, listAttempts, listDeliveries } from './webhook-history.repository.js';
import { enqueueManualSends, findFailedDeliveriesSince, type ManualTrigger } from './webhook-manual.repository.js';
import { scheduleManualTurn } from './webhook-manual.tasks.js';
import { generateWebhookSecret } from './webhook-secret.js';
import { webhookTargetProblem } from './webhook-target.js';
import {
  countEndpoints,
  deleteEndpoint,
  type EndpointRow,
  insertEndpoint,
  insertTestMessage,
  listEndpoints,
  lockEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from './webhooks.repository.js';

const DAY_MS = 24 * 60 * 60_000;

type Ctx = Pick<ServerContext, 'db' | 'config' | 'now' | 'tasks'>;

/** What leaves the server about an endpoint: never its secret. */
export function presentWebhookEndpoint(row: EndpointRow, now: Date): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.disabled_at === null,
    disabledAt: row.disabled_at ? new Date(row.disabled_at).toISOString() : null,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since ? new Date(row.failing_since).toISOString() : null,
    previousSecretExpiresAt:
      row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > now
        ? new Date(row.previous_secret_expires_at).toISOString()
        : null,
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
  const now = ctx.now();
  return (await listEndpoints(ctx.db, user.id)).map((row) => presentWebhookEndpoint(row, now));
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
  return { ...presentWebhookEndpoint(row, ctx.now()), secret };
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
    return presentWebhookEndpoint(after, ctx.now());
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

/** A page of the attempts at one of the member's endpoints, newest first, and the next page's cursor. */
export async function listWebhookAttempts(
  ctx: Ctx,
  user: TUser,
  id: string,
  query: TWebhookAttemptsQuery,
): Promise<{ attempts: TWebhookAttempt[]; nextCursor: string | null }> {
  await endpointOf(ctx, user, id);
  const before = decodePageCursor(query.before);
  const rows = await listAttempts(ctx.db, id, { limit: query.limit, before, since: query.since ?? null });
  const { items, nextCursor } = pageOf(rows, query.limit);
  return { attempts: items.map(presentAttempt), nextCursor };
}

/** A page of what became of each message at one of the member's endpoints, newest first. */
export async function listWebhookDeliveries(
  ctx: Ctx,
  user: TUser,
  id: string,
  query: TWebhookDeliveriesQuery,
): Promise<{ deliveries: TWebhookDelivery[]; nextCursor: string | null }> {
  await endpointOf(ctx, user, id);
  const before = decodePageCursor(query.before);
  const rows = await listDeliveries(ctx.db, id, {
    limit: query.limit,
    before,
    since: query.since ?? null,
    status: query.status ?? null,
  });
  const { items, nextCursor } = pageOf(rows, query.limit);
  return {
    deliveries: items.map((row) => ({
      messageId: row.message_id,
      event: row.event,
      signalId: row.signal_id,
      status: row.status,
      attempts: row.attempts,
      error: row.error,
      queuedAt: new Date(row.queued_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    nextCursor,
  };
}

/** Queues messages in an endpoint's own queue and starts its turn; 409 when the queue has no room. */
async function queueAgain(
  ctx: Ctx,
  endpointId: string,
  messageIds: string[],
  trigger: ManualTrigger,
): Promise<{ added: number; left: number }> {
  const queued = await enqueueManualSends(ctx.db, {
    endpointId,
    messageIds,
    trigger,
    now: ctx.now(),
    max: WEBHOOK_MANUAL_QUEUE_MAX,
  });
  if (queued.added === 0 && queued.left > 0) throw AppError.conflict(WebhookMessages.queueFull);
  await scheduleManualTurn(ctx, endpointId);
  return queued;
}

/** One of the member's endpoints, or 404. */
async function endpointOf(ctx: Ctx, user: TUser, id: string): Promise<EndpointRow> {
  const endpoint = isUuid(id) ? (await listEndpoints(ctx.db, user.id)).find((e) => e.id === id) : undefined;
  if (!endpoint) throw AppError.notFound(WebhookMessages.notFound);
  return endpoint;
}

/**
 * Sends the message of one attempt again, in the endpoint's queue of messages sent again (one try, same
 * `webhook-id`, signed afresh), behind the live deliveries. 404 for an attempt that is not the member's;
 * 409 while the endpoint is disabled or its queue is full. Asking again for a message that still waits
 * adds nothing.
 */
export async function resendWebhookAttempt(ctx: Ctx, user: TUser, id: string, attemptId: string): Promise<void> {
  if (!isUuid(id) || !isUuid(attemptId)) throw AppError.notFound(WebhookMessages.attemptNotFound);
  const found = await findAttemptMessage(ctx.db, user.id, id, attemptId);
  if (!found) throw AppError.notFound(WebhookMessages.attemptNotFound);
  if (found.disabled) throw AppError.conflict(WebhookMessages.resendDisabled);
  await queueAgain(ctx, id, [found.messageId], 'resend');
}

/**
 * Sends again every delivery to the endpoint that failed (after its whole schedule) since `since`, oldest
 * first, under the same `webhook-id`s, behind the live deliveries. `since` must be in the past and within
 * the kept history (400 on `since`); 409 while the endpoint is disabled (enable it first) or its queue is
 * full. At most the queue's room is taken: `more` says that further failures wait for another recovery.
 */
export async function recoverWebhook(ctx: Ctx, user: TUser, id: string, since: Date): Promise<TWebhookRecovered> {
  const now = ctx.now();
  if (since > now) throw AppError.validation(WebhookMessages.sinceFuture, { since: WebhookMessages.sinceFuture });
  if (since.getTime() < now.getTime() - WEBHOOK_HISTORY_DAYS * DAY_MS) {
    throw AppError.validation(WebhookMessages.sinceTooOld, { since: WebhookMessages.sinceTooOld });
  }
  const endpoint = await endpointOf(ctx, user, id);
  if (endpoint.disabled_at) throw AppError.conflict(WebhookMessages.recoverDisabled);
  const failed = await findFailedDeliveriesSince(ctx.db, id, since, WEBHOOK_MANUAL_QUEUE_MAX + 1);
  if (failed.length === 0) return { queued: 0, more: false };
  const queued = await queueAgain(ctx, id, failed, 'recover');
  return { queued: queued.added, more: queued.left > 0 };
}

/**
 * Sends the endpoint a `webhook.test` event (its own message, signed like any other), in the endpoint's
 * queue; allowed while the endpoint is disabled, so a member can check a fixed receiver before enabling it.
 */
export async function sendTestWebhook(ctx: Ctx, user: TUser, id: string): Promise<TWebhookTestQueued> {
  await endpointOf(ctx, user, id);
  const now = ctx.now();
  const payload = JSON.stringify(
    ZWebhookPayload.parse({
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { message: WebhookMessages.testBody },
    }),
  );
  const messageId = await insertTestMessage(ctx.db, { payload, now });
  await queueAgain(ctx, id, [messageId], 'test');
  return { messageId };
}

/**
 * Gives one of the member's endpoints a new signing secret, shown in this answer only. For
 * WEBHOOK_SECRET_OVERLAP_MS the replaced secret signs too (two signatures on each webhook), so the
 * receiver can switch without missing one. Audited in the same transaction (never the secrets).
 */
export async function rotateWebhookSecret(
  ctx: Ctx,
  user: TUser,
  actor: AuditActor,
  id: string,
): Promise<TCreatedWebhookEndpoint> {
  if (!isUuid(id)) throw AppError.notFound(WebhookMessages.notFound);
  const secret = generateWebhookSecret();
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockEndpoint(trx, user.id, id))) throw AppError.notFound(WebhookMessages.notFound);
    const rotated = await rotateEndpointSecret(trx, id, {
      secret,
      now,
      overlapUntil: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS),
    });
    await recordAudit(trx, {
      actor,
      action: 'webhook.rotate-secret',
      targetType: 'webhook',
      targetId: id,
      targetLabel: auditLabel(rotated.url),
      after: { previousSecretExpiresAt: rotated.previous_secret_expires_at },
    });
    return rotated;
  });
  return { ...presentWebhookEndpoint(row, now), secret };
}
