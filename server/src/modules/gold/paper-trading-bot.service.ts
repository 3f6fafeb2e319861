import { BotMessages, dayKeyInZone, type TBotSettingsRequest, type TUser } from '@signalroom/shared';
import { loadBotOverview, presentBotSettings, saveBotSettings } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'config' | 'db' | 'now'>;

/**
 * A gold member's paper-trading bot (the "AI Bot Access" page at /dashboard/bot-access; not to be confused with
 * the public Bot Access application form, which is modules/bot-access): the page's figures come from the member's own trades, which the
 * worker opens and closes from real signals. Settings and START/PAUSE are stored, one row per member.
 */
export function botOverview(ctx: ServiceContext, user: TUser) {
  return loadBotOverview(ctx.db, user.id, dayKeyInZone(ctx.now(), ctx.config.TIME_ZONE));
}

export async function updateBotSettings(ctx: ServiceContext, user: TUser, body: TBotSettingsRequest) {
  return presentBotSettings(await saveBotSettings(ctx.db, user.id, body, ctx.now()));
}

export async function setBotActive(ctx: ServiceContext, user: TUser, active: boolean) {
  const settings = presentBotSettings(await saveBotSettings(ctx.db, user.id, { active }, ctx.now()));
  return { settings, message: active ? BotMessages.started : BotMessages.paused };
}
