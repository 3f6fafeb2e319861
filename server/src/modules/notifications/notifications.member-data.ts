import type { MemberDataRegistry } from '../../db/member-data.js';
import { deleteAllOfMember, listAllOfMember } from './notifications.repository.js';
import { presentNotification } from './notifications.service.js';

/** The member's notification centre: every notification kept (90 days), with when it was read. */
export function defineNotificationsMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'notifications',
    tables: ['notifications'],
    export: async (db, user) => (await listAllOfMember(db, user.id)).map(presentNotification),
    async erase(trx, user) {
      await deleteAllOfMember(trx, user.id);
      return undefined;
    },
  });
}
