import {
  AuthMessages,
  depositMinimumIssue,
  LIMITS,
  Messages,
  type TProfileUpdateRequest,
  type TUser,
} from '@signalroom/shared';
import type { UsersTable } from '@signalroom/shared/node';
import type { Updateable } from 'kysely';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { presentUser } from './users.presenter.js';
import { updateUser } from './users.repository.js';

/**
 * The account-setup wizard's save: broker account id, deposit amount, access path and
 * name. Only these fields exist in the request schema, so tier, role, unlock and deposit flags can
 * never be set here; those are admin decisions.
 */
export async function updateProfile(ctx: ServerContext, user: TUser, input: TProfileUpdateRequest): Promise<TUser> {
  const patch: Updateable<UsersTable> = {};
  if (input.brokerAccountId !== undefined) {
    const broker = input.brokerAccountId.trim();
    if (!broker) {
      throw AppError.validation(AuthMessages.brokerAccountRequired, {
        brokerAccountId: AuthMessages.brokerAccountRequired,
      });
    }
    patch.broker_account_id = broker;
  }
  if (input.depositAmount !== undefined || input.accessPath !== undefined) {
    // The path minimums ($30 manual, $500 auto) hold for the account as it will be after this save,
    // so switching path alone cannot leave a declared deposit below the new path's minimum.
    const issue = depositMinimumIssue(input.accessPath ?? user.accessPath, input.depositAmount ?? user.depositAmount);
    if (issue) throw AppError.validation(issue, { depositAmount: issue });
  }
  if (input.depositAmount !== undefined) patch.deposit_amount = input.depositAmount;
  if (input.accessPath !== undefined) patch.access_path = input.accessPath;
  if (input.fullName !== undefined) {
    const name = input.fullName.trim();
    const error = !name
      ? Messages.signup.fullNameRequired
      : name.length < LIMITS.fullNameMin
        ? Messages.signup.fullNameTooShort
        : undefined;
    if (error) throw AppError.validation(error, { fullName: error });
    patch.full_name = name;
  }
  if (Object.keys(patch).length === 0) return user;
  const row = await updateUser(ctx.db, user.id, patch);
  if (!row) throw AppError.unauthorized();
  await ctx.events.accountChanged(user.id);
  return presentUser(row);
}
