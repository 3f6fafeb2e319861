import type { Db } from '../../db/database.js';
import type { MemberDataRegistry, MemberDataSection } from '../../db/member-data.js';

/**
 * The member's Elite Network activity: their posts (hidden ones included), the posts they liked and
 * the reports they made. On deletion it all goes (posts take their likes and reports with them): a
 * post is the member's own words, not a record the operator needs.
 */
const communitySection: MemberDataSection = {
  name: 'community',
  tables: ['community_posts', 'community_likes', 'community_reports'],
  async export(db: Db, user) {
    const [posts, likes, reports] = await Promise.all([
      db
        .selectFrom('community_posts')
        .select(['id', 'body', 'created_at', 'hidden_at'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('community_likes')
        .select(['post_id', 'created_at'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('community_reports')
        .select(['post_id', 'reason', 'created_at'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute(),
    ]);
    return { posts, likes, reports };
  },
  async erase(trx, user) {
    await trx.deleteFrom('community_reports').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('community_likes').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('community_posts').where('user_id', '=', user.id).execute();
    return undefined;
  },
};

/** Features the member asked to hear about when they launch. */
const launchNoticesSection: MemberDataSection = {
  name: 'launchNotices',
  tables: ['launch_notices'],
  export: (db, user) =>
    db.selectFrom('launch_notices').select(['feature', 'created_at']).where('user_id', '=', user.id).execute(),
  async erase(trx, user) {
    await trx.deleteFrom('launch_notices').where('user_id', '=', user.id).execute();
    return undefined;
  },
};

/** The member's Elite Network activity, then the launches they asked to hear about. */
export function defineCommunityMemberData(memberData: MemberDataRegistry): void {
  memberData.define(communitySection);
  memberData.define(launchNoticesSection);
}
