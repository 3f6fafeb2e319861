import {
  ActivationMessages,
  accessLevelFor,
  type GrantableTier,
  grantableTier,
  type Pagination,
  rejectReasonIssue,
  type TAdminActivation,
  type TAdminActivationsQuery,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { activationApprovedMail, activationRejectedMail } from '../mail/mail.templates.js';
import { updateUser } from '../users/users.repository.js';
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

/** One review decision, as a later audit log will record it. */
export interface ReviewDecision {
  proofId: string;
  memberId: string;
  adminId: string;
  decision: 'approved' | 'rejected';
  tier: GrantableTier | null;
  reason: string | null;
  at: Date;
}

/**
 * The seam for an audit log: called inside the decision's transaction, so a row written here with
 * `trx` commits or rolls back with the decision itself. Today it only logs.
 */
async function recordReview(ctx: ServerContext, _trx: Db, decision: ReviewDecision): Promise<void> {
  ctx.logger.info(
    { proofId: decision.proofId, memberId: decision.memberId, adminId: decision.adminId, decision: decision.decision },
    'activation proof reviewed',
  );
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
  admin: TUser,
  id: string,
  input: { tier?: string | undefined },
): Promise<TAdminActivation> {
  const tier = grantableTier(input.tier);
  if (!tier) throw AppError.validation(ActivationMessages.tierRequired, { tier: ActivationMessages.tierRequired });
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const proof = await lockPending(trx, id);
    await recordDecision(trx, proof.id, { status: 'approved', reviewedAt: at, reviewedBy: admin.id, tier });
    const member = await updateUser(trx, proof.user_id, {
      tier,
      dashboard_unlocked: true,
      has_deposited: true,
      access_level: accessLevelFor({ tier, hasDeposited: true }),
    });
    if (!member) throw AppError.notFound();
    await recordReview(ctx, trx, {
      proofId: proof.id,
      memberId: proof.user_id,
      adminId: admin.id,
      decision: 'approved',
      tier,
      reason: null,
      at,
    });
  });
  return afterDecision(ctx, id, (to, name) =>
    getMailer(ctx).dispatch(activationApprovedMail(brandOf(ctx), to, name, tier)),
  );
}

/** Rejects a pending proof with a reason (required, at most 500 characters); the member keeps their access. */
export async function rejectActivation(
  ctx: ServerContext,
  admin: TUser,
  id: string,
  input: { reason?: string | undefined },
): Promise<TAdminActivation> {
  const issue = rejectReasonIssue(input.reason);
  if (issue) throw AppError.validation(issue, { reason: issue });
  const reason = input.reason!.trim();
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const proof = await lockPending(trx, id);
    await recordDecision(trx, proof.id, { status: 'rejected', reviewedAt: at, reviewedBy: admin.id, reason });
    await recordReview(ctx, trx, {
      proofId: proof.id,
      memberId: proof.user_id,
      adminId: admin.id,
      decision: 'rejected',
      tier: null,
      reason,
      at,
    });
  });
  return afterDecision(ctx, id, (to, name) =>
    getMailer(ctx).dispatch(activationRejectedMail(brandOf(ctx), to, name, reason)),
  );
}
