import {
  ActivationMessages,
  grantableTier,
  type Pagination,
  rejectReasonIssue,
  type TAdminActivation,
  type TAdminActivationsQuery,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { activationApprovedMail, activationRejectedMail } from '../mail/mail.templates.js';
import { announceNotification, recordNotification } from '../notifications/notifications.service.js';
import { applyAccessChange, lockMemberRow } from '../tier-grants/tier-grants.service.js';
import { announceAccount, announceReviewed, announceStatus } from './activation.events.js';
import { presentActivation, presentAdminActivation } from './activation.presenter.js';
import { findProofWithMember, listProofs, lockProof, type ProofRow, recordDecision } from './activation.repository.js';

/** The review queue (pending oldest first) or the reviewed proofs, 50 a page, with their members. */
export async function listActivations(
  ctx: ServerContext,
  query: TAdminActivationsQuery,
): Promise<{ items: TAdminActivation[]; pagination: Pagination }> {
  const { rows, total } = await listProofs(ctx.db, {
    status: query.status,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    items: rows.map(presentAdminActivation),
    pagination: { total, pages: Math.max(1, Math.ceil(total / query.limit)), current: query.page },
  };
}

/** Locks a pending proof; 404 when it does not exist (or was replaced), 409 when it was already reviewed. */
async function lockPending(trx: Db, id: string): Promise<ProofRow> {
  const proof = isUuid(id) ? await lockProof(trx, id) : null;
  if (!proof) throw AppError.notFound();
  if (proof.status !== 'pending') throw AppError.conflict(ActivationMessages.alreadyReviewed);
  return proof;
}

/** After a decision commits: the member's sockets, the admins' queues and the member's mail. */
async function afterDecision(ctx: ServerContext, proofId: string, mail: (to: string, name: string) => void) {
  const item = await findProofWithMember(ctx.db, proofId);
  if (!item) throw AppError.notFound();
  await announceAccount(ctx, item.user_id);
  await announceStatus(ctx, item.user_id, presentActivation(item));
  const presented = presentAdminActivation(item);
  await announceReviewed(ctx, presented);
  mail(item.member.email, item.member.full_name);
  return presented;
}

/**
 * Approves a pending proof with a tier: in one transaction the proof becomes approved and the member gets
 * the tier, an unlocked dashboard and the deposited flag (accessLevel follows). The member's open
 * sessions get `account:update` at once and an e-mail follows.
 */
export async function approveActivation(
  ctx: ServerContext,
  actor: AuditActor,
  id: string,
  input: { tier?: string | undefined },
): Promise<TAdminActivation> {
  const tier = grantableTier(input.tier);
  if (!tier) throw AppError.validation(ActivationMessages.tierRequired, { tier: ActivationMessages.tierRequired });
  const at = ctx.now();
  const notice = await ctx.db.transaction().execute(async (trx) => {
    const proof = await lockPending(trx, id);
    await recordDecision(trx, proof.id, { status: 'approved', reviewedAt: at, reviewedBy: actor.id, tier });
    const member = await lockMemberRow(trx, proof.user_id);
    if (!member) throw AppError.notFound();
    const change = { tier, dashboardUnlocked: true, hasDeposited: true, expiresAt: null, reason: null };
    const { row } = await applyAccessChange(trx, member, change, actor, at);
    await recordAudit(trx, {
      actor,
      action: 'activation.review',
      targetType: 'activation',
      targetId: proof.id,
      targetLabel: member.email,
      before: { status: 'pending', tier: member.tier, dashboardUnlocked: member.dashboard_unlocked },
      after: { status: 'approved', tier: row.tier, dashboardUnlocked: row.dashboard_unlocked },
    });
    // One notification tells both the decision and the tier it gave (no separate tier change).
    const data = { proofId: proof.id, decision: 'approved' as const, tier, reason: null };
    return recordNotification(trx, member.id, { kind: 'activation', data }, proof.id, at);
  });
  await announceNotification(ctx, notice);
  return afterDecision(ctx, id, (to, name) =>
    getMailer(ctx).dispatch(activationApprovedMail(brandOf(ctx), to, name, tier)),
  );
}

/** Rejects a pending proof with a reason (required, at most 500 characters); the member keeps their access. */
export async function rejectActivation(
  ctx: ServerContext,
  actor: AuditActor,
  id: string,
  input: { reason?: string | undefined },
): Promise<TAdminActivation> {
  const issue = rejectReasonIssue(input.reason);
  if (issue) throw AppError.validation(issue, { reason: issue });
  const reason = input.reason!.trim();
  const at = ctx.now();
  const notice = await ctx.db.transaction().execute(async (trx) => {
    const proof = await lockPending(trx, id);
    await recordDecision(trx, proof.id, { status: 'rejected', reviewedAt: at, reviewedBy: actor.id, reason });
    const member = await lockMemberRow(trx, proof.user_id);
    await recordAudit(trx, {
      actor,
      action: 'activation.review',
      targetType: 'activation',
      targetId: proof.id,
      targetLabel: member?.email ?? null,
      before: { status: 'pending' },
      after: { status: 'rejected' },
      reason,
    });
    if (!member) return null;
    const data = { proofId: proof.id, decision: 'rejected' as const, tier: null, reason };
    return recordNotification(trx, member.id, { kind: 'activation', data }, proof.id, at);
  });
  await announceNotification(ctx, notice);
  return afterDecision(ctx, id, (to, name) =>
    getMailer(ctx).dispatch(activationRejectedMail(brandOf(ctx), to, name, reason)),
  );
}
