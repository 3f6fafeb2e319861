import {
  botAccessPhoneE164,
  Messages,
  normalizeEmail,
  type Pagination,
  type TBotAccessFilters,
  type TBotAccessListQuery,
  type TBotAccessStatusUpdate,
  type TBotAccessSubmission,
  type TBotAccessSubmitRequest,
  validateBotAccessSubmission,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { assertNoFieldErrors } from '../../http/parse.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { presentSubmission } from './bot-access.presenter.js';
import {
  type BotAccessRow,
  eachSubmission,
  findSubmission,
  insertSubmission,
  listSubmissions,
  updateSubmissionStatus,
} from './bot-access.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db' | 'events' | 'logger' | 'now'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores an application after the form's own rules pass on the server. Answers left over from
 * questions that were not shown (loss amount, call number) are dropped, not stored.
 */
export async function submitApplication(
  ctx: ServiceContext,
  body: TBotAccessSubmitRequest,
): Promise<TBotAccessSubmission> {
  assertNoFieldErrors(validateBotAccessSubmission(body));
  const phoneNumber = botAccessPhoneE164(body);
  if (!phoneNumber) {
    throw AppError.validation(Messages.botAccess.phoneInvalid, { phoneNumber: Messages.botAccess.phoneInvalid });
  }
  const clean: TBotAccessSubmitRequest = {
    ...body,
    fullName: body.fullName.trim(),
    email: normalizeEmail(body.email),
    phoneNumber,
    lossAmount: body.hasLostMoney === 'yes' ? body.lossAmount.trim() : '',
    callNumber: body.wantsCall === 'yes' ? body.callNumber : '',
  };
  const row = await insertSubmission(ctx.db, clean, ctx.now());
  ctx.logger.info({ submissionId: row.id }, 'bot-access application stored');
  const submission = presentSubmission(row);
  await ctx.events.botAccessUpdate('new', submission);
  return submission;
}

/** A page of applications for admins, with the pagination block of the admin lists. */
export async function listApplications(
  ctx: ServiceContext,
  query: TBotAccessListQuery,
): Promise<{ items: TBotAccessSubmission[]; pagination: Pagination }> {
  const { page, limit, ...filters } = query;
  const { rows, total } = await listSubmissions(ctx.db, { ...filters, offset: (page - 1) * limit, limit });
  return {
    items: rows.map(presentSubmission),
    pagination: { total, pages: Math.ceil(total / limit), current: page },
  };
}

export async function getApplication(ctx: ServiceContext, id: string): Promise<TBotAccessSubmission> {
  const row = UUID.test(id) ? await findSubmission(ctx.db, id) : null;
  if (!row) throw AppError.notFound();
  return presentSubmission(row);
}

/**
 * Sets an application's status and note, and records the change in the audit log in the same
 * transaction (a change without its audit row never happens). Admins' lists hear it live.
 */
export async function setApplicationStatus(
  ctx: ServiceContext,
  id: string,
  change: TBotAccessStatusUpdate,
  actor: AuditActor,
): Promise<TBotAccessSubmission> {
  const notes = change.notes?.trim() ? change.notes.trim() : null;
  if (!UUID.test(id)) throw AppError.notFound();
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const before = await findSubmission(trx, id, { forUpdate: true });
    if (!before) return null;
    const row = await updateSubmissionStatus(trx, id, {
      status: change.status,
      notes,
      reviewedBy: actor.id,
      now: ctx.now(),
    });
    if (!row) return null;
    await recordAudit(trx, {
      actor,
      action: 'application.status',
      targetType: 'application',
      targetId: id,
      targetLabel: `${row.full_name} <${row.email}>`,
      before: { status: before.status, notes: before.notes },
      after: { status: row.status, notes: row.notes },
      reason: notes,
    });
    return row;
  });
  if (!updated) throw AppError.notFound();
  const submission = presentSubmission(updated);
  await ctx.events.botAccessUpdate('status', submission);
  return submission;
}

/**
 * The rows of the applications CSV, read lazily as the download is written. The export itself is
 * audited (who took a copy of the leads, with which filters) before the first row is read.
 */
export async function exportApplications(
  ctx: ServiceContext,
  filters: TBotAccessFilters,
  actor: AuditActor,
): Promise<AsyncIterable<BotAccessRow>> {
  await recordAudit(ctx.db, {
    actor,
    action: 'application.export',
    targetType: 'application',
    targetId: null,
    after: { filters },
  });
  return eachSubmission(ctx.db, filters);
}
