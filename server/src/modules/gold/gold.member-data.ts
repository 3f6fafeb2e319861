import type { MemberDataRegistry } from '../../db/member-data.js';

/** The paper-trading bot: its settings and every trade it made. Nobody else needs them once the member goes. */
export function defineGoldMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'paperTradingBot',
    tables: ['bot_settings', 'paper_trades'],
    async export(db, user) {
      const [settings, trades] = await Promise.all([
        db
          .selectFrom('bot_settings')
          .select(['risk_level', 'max_trades_per_day', 'trade_size', 'active', 'updated_at'])
          .where('user_id', '=', user.id)
          .executeTakeFirst(),
        db
          .selectFrom('paper_trades')
          .select(['signal_id', 'asset', 'direction', 'stake', 'max_level', 'confidence', 'opened_at'])
          .select(['status', 'closed_at', 'level', 'pnl', 'result'])
          .where('user_id', '=', user.id)
          .orderBy('opened_at')
          .execute(),
      ]);
      return { settings: settings ?? null, trades };
    },
    async erase(trx, user) {
      await trx.deleteFrom('paper_trades').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('bot_settings').where('user_id', '=', user.id).execute();
      return undefined;
    },
  });
}
