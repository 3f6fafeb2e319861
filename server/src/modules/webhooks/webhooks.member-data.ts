import type { MemberDataRegistry } from '../../db/member-data.js';

/**
 * The member's webhook endpoints (address, events, dates; never the signing secrets) and their recent
 * attempts. Erasure deletes the endpoints, and with them their deliveries and attempts. Batches still
 * queued name an endpoint that no longer exists; their job drops it.
 */
export function defineWebhooksMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'webhooks',
    tables: ['webhook_endpoints', 'webhook_deliveries'],
    async export(db, user) {
      const [endpoints, attempts] = await Promise.all([
        db
          .selectFrom('webhook_endpoints')
          .select(['id', 'url', 'events', 'created_at', 'disabled_at', 'disabled_reason'])
          .where('user_id', '=', user.id)
          .orderBy('created_at')
          .execute(),
        db
          .selectFrom('webhook_attempts as a')
          .innerJoin('webhook_endpoints as e', 'e.id', 'a.endpoint_id')
          .innerJoin('webhook_messages as m', 'm.id', 'a.message_id')
          .select([
            'a.endpoint_id',
            'm.event',
            'm.signal_id',
            'a.at',
            'a.trigger',
            'a.succeeded',
            'a.response_status',
            'a.response_ms',
            'a.error',
          ])
          .where('e.user_id', '=', user.id)
          .orderBy('a.at')
          .execute(),
      ]);
      return { endpoints, attempts };
    },
    async erase(trx, user) {
      await trx.deleteFrom('webhook_deliveries').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('webhook_endpoints').where('user_id', '=', user.id).execute();
      return undefined;
    },
  });
}
