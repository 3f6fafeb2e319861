import {
  botAccessPhoneE164,
  Messages,
  normalizeEmail,
  type Pagination,
  type TBotAccessListQuery,
  type TBotAccessStatusUpdate,
  type TBotAccessSubmission,
  type TBotAccessSubmitRequest,
  validateBotAccessSubmission,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { assertNoFieldErrors } from '../../http/parse.js';
import { presentSubmission } from './bot-access.presenter.js';
import { findSubmission, insertSubmission, listSubmissions, updateSubmissionStatus } from './bot-access.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores an application after the form's own rules pass on the server. Answers left over from
 * questions that were not shown (loss amount, call number) are dropped, not stored.
 */
export async function submitApplication(
  ctx: ServerContext,
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
  return presentSubmission(row);
}

/** A page of applications for admins, with the pagination block of the admin lists. */
export async function listApplications(
  ctx: ServerContext,
  query: TBotAccessListQuery,
): Promise<{ items: TBotAccessSubmission[]; pagination: Pagination }> {
  const { rows, total } = await listSubmissions(ctx.db, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    status: query.status,
  });
  return {
    items: rows.map(presentSubmission),
    pagination: { total, pages: Math.ceil(total / query.limit), current: query.page },
  };
}

export async function getApplication(ctx: ServerContext, id: string): Promise<TBotAccessSubmission> {
  const row = UUID.test(id) ? await findSubmission(ctx.db, id) : null;
  if (!row) throw AppError.notFound();
  return presentSubmission(row);
}

export async function setApplicationStatus(
  ctx: ServerContext,
  id: string,
  change: TBotAccessStatusUpdate,
  adminId: string,
): Promise<TBotAccessSubmission> {
  const notes = change.notes?.trim() ? change.notes.trim() : null;
  const row = UUID.test(id)
    ? await updateSubmissionStatus(ctx.db, id, { status: change.status, notes, reviewedBy: adminId, now: ctx.now() })
    : null;
  if (!row) throw AppError.notFound();
  return presentSubmission(row);
}
