import { SettingsMessages, type TDeleteAccountRequest, type TUser } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { assertPassword } from './account-security.service.js';
import { findUserById, lockAdmins } from './users.repository.js';

/** Marks the file as ours and versions its layout, so a reader knows what it holds. */
export const MEMBER_EXPORT_FORMAT = 'signalroom-member-data';
export const MEMBER_EXPORT_VERSION = 1;

/** "Download Elite Data": everything stored about the member, one section per registry entry. */
export async function exportMemberData(ctx: ServerContext, member: TUser): Promise<Record<string, unknown>> {
  const user = await findUserById(ctx.db, member.id);
  if (!user) throw AppError.unauthorized();
  const sections: Record<string, unknown> = {};
  for (const section of ctx.memberData.sections()) sections[section.name] = await section.export(ctx.db, user);
  return {
    format: MEMBER_EXPORT_FORMAT,
    version: MEMBER_EXPORT_VERSION,
    exportedAt: ctx.now().toISOString(),
    ...sections,
  };
}

/**
 * "Cancel Elite Membership": with the member's password, every registry section erases its part in one
 * transaction (the account last), the proof files are deleted from the store after the commit, and the
 * member's sockets drop. The last admin cannot leave the product without one.
 */
export async function deleteAccount(ctx: ServerContext, member: TUser, input: TDeleteAccountRequest): Promise<void> {
  await assertPassword(ctx, member.id, input.password, {
    field: 'password',
    message: SettingsMessages.deletePasswordIncorrect,
  });
  const fileKeys = await ctx.db.transaction().execute(async (trx) => {
    // Admin rows locked first: two admins deleting themselves at once cannot both go.
    const admins = await lockAdmins(trx);
    if (admins.includes(member.id) && admins.length <= 1) throw AppError.conflict(SettingsMessages.lastAdminDelete);
    const user = await findUserById(trx, member.id);
    if (!user) throw AppError.unauthorized();
    const keys: string[] = [];
    for (const section of ctx.memberData.sections()) {
      const result = await section.erase(trx, user);
      keys.push(...(result?.fileKeys ?? []));
    }
    return keys;
  });
  for (const key of fileKeys) {
    try {
      await ctx.files.delete(key);
    } catch (error) {
      // The rows are gone; an unreachable store leaves an orphan file, which the log names for cleanup.
      ctx.logger.error({ err: error, fileKey: key, userId: member.id }, 'proof file of a deleted member not deleted');
    }
  }
  await ctx.events.accountChanged(member.id);
}
