import type { MemberDataRegistry } from '../../db/member-data.js';

/** What signing in left behind: the browsers the member logged in from, and the codes and tokens mailed to them. */
export function defineAuthMemberData(memberData: MemberDataRegistry): void {
  /** Browsers the member logged in from (their device tokens pass the account lock); never the hashes. */
  memberData.define({
    name: 'knownDevices',
    tables: ['login_devices'],
    export: (db, user) =>
      db
        .selectFrom('login_devices')
        .select(['created_at', 'last_used_at'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute(),
    async erase(trx, user) {
      await trx.deleteFrom('login_devices').where('user_id', '=', user.id).execute();
      return undefined;
    },
  });

  /** Codes and tokens mailed to the member: when, what for, whether used; never the hashes. */
  memberData.define({
    name: 'codesAndTokens',
    tables: ['email_codes', 'reset_tokens', 'dashboard_codes'],
    async export(db, user) {
      const [emailCodes, resetTokens, dashboardCodes] = await Promise.all([
        db
          .selectFrom('email_codes')
          .select(['purpose', 'new_email', 'attempts', 'created_at', 'expires_at', 'consumed_at'])
          .where('user_id', '=', user.id)
          .execute(),
        db
          .selectFrom('reset_tokens')
          .select(['created_at', 'expires_at', 'consumed_at'])
          .where('user_id', '=', user.id)
          .execute(),
        db
          .selectFrom('dashboard_codes')
          .select(['tier', 'created_at', 'consumed_at'])
          .where('user_id', '=', user.id)
          .execute(),
      ]);
      return { emailCodes, resetTokens, dashboardCodes };
    },
    async erase(trx, user) {
      for (const table of ['email_codes', 'reset_tokens', 'dashboard_codes'] as const) {
        await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
      }
      return undefined;
    },
  });
}
