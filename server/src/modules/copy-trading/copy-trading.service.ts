import type { Db } from '../../db/database.js';
import {
  addLaunchNotice,
  countLaunchNotices,
  hasLaunchNotice,
  type LaunchNoticeFeature,
  removeLaunchNotice,
} from './copy-trading.repository.js';

/** Auto-Copy's name in the launch notices table. */
const FEATURE: LaunchNoticeFeature = 'copy-trading';

/**
 * Auto-Copy is in development: a member with access may ask to hear when it launches (stored, one row
 * per member); admins see how many asked. Sending the announcement is the operator's, later.
 */
export function createCopyTradingService(db: Db) {
  return {
    isSubscribed: (userId: string) => hasLaunchNotice(db, userId, FEATURE),
    async setSubscribed(userId: string, subscribed: boolean): Promise<void> {
      if (subscribed) await addLaunchNotice(db, userId, FEATURE);
      else await removeLaunchNotice(db, userId, FEATURE);
    },
    subscriberCount: () => countLaunchNotices(db, FEATURE),
  };
}
