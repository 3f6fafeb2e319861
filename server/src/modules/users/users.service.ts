import {
  AuthMessages,
  COUNTRIES,
  depositMinimumIssue,
  hiddenCharacterIssue,
  LIMITS,
  Messages,
  signupPhoneE164,
  type TProfileUpdateRequest,
  type TUser,
} from '@signalroom/shared';
import type { UsersTable } from '@signalroom/shared-node';
import type { Updateable } from 'kysely';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { presentUser } from '../../sessions/user-row.js';
import { updateUser } from './users.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db' | 'events'>;

/**
 * The account-setup wizard's save: broker account id, deposit amount, access path and
 * name. Only these fields exist in the request schema, so tier, role, unlock and deposit flags can
 * never be set here; those are admin decisions.
 */
export async function updateProfile(ctx: ServiceContext, user: TUser, input: TProfileUpdateRequest): Promise<TUser> {
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
  Object.assign(patch, contactPatch(user, input));
  if (Object.keys(patch).length === 0) return user;
  const row = await updateUser(ctx.db, user.id, patch);
  if (!row) throw AppError.unauthorized();
  await ctx.events.accountChanged(user.id);
  return presentUser(row);
}

/**
 * Phone, country and telegram of the settings page, by the sign-up rules: the phone is read with the
 * country (the one saved now, else the stored one) and stored in E.164, as at sign-up.
 */
function contactPatch(user: TUser, input: TProfileUpdateRequest): Updateable<UsersTable> {
  const patch: Updateable<UsersTable> = {};
  const m = Messages.signup;
  const country = input.country ?? user.country;
  if (input.country !== undefined) {
    if (!(COUNTRIES as readonly string[]).includes(input.country)) {
      throw AppError.validation(m.countryRequired, { country: m.countryRequired });
    }
    patch.country = input.country;
  }
  if (input.phone !== undefined || input.country !== undefined) {
    const typed = input.phone ?? user.phone;
    if (!typed.trim()) throw AppError.validation(m.phoneRequired, { phone: m.phoneRequired });
    const phone = signupPhoneE164({ phone: typed, country });
    if (!phone) throw AppError.validation(m.phoneInvalid, { phone: m.phoneInvalid });
    patch.phone = phone;
  }
  if (input.telegram !== undefined) {
    const telegram = input.telegram?.trim() || null;
    const issue = telegram ? hiddenCharacterIssue(telegram) : undefined;
    if (issue) throw AppError.validation(issue, { telegram: issue });
    patch.telegram = telegram;
  }
  if (input.timeZone !== undefined) patch.time_zone = input.timeZone;
  return patch;
}
