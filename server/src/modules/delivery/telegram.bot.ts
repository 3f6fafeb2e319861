import { Api, Bot, GrammyError } from 'grammy';
import type { ServerContext } from '../../context.js';
import type { ChannelSender } from './delivery.channels.js';
import { holdLease, type Lease } from './lease.js';
import { linkChat, unlinkChat } from './telegram.links.js';

/** What the bot answers in the chat. */
export const TelegramReplies = {
  linked: 'Linked. Every signal your membership includes will arrive here. Send /stop to unlink.',
  badCode: 'This code is not valid or has expired. Get a new one in Settings, Telegram.',
  noCode: 'To link this chat, open Settings, Telegram in the member area and send the code shown there.',
  stopped: 'Unlinked. Signals will no longer arrive here. Link again from Settings at any time.',
  notLinked: 'This chat is not linked to any membership.',
} as const;

/** The Telegram channel: a bot that links members' chats, and the sender of signals to linked chats. */
export interface TelegramChannel {
  sender: ChannelSender;
  /** The bot's @username for t.me links (asked once per process), null while unknown. */
  botUsername(): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * Bot errors that mean the chat is gone for good (the member blocked the bot, deleted the chat): the
 * link is removed and the delivery not retried.
 */
function chatGone(error: unknown): boolean {
  return error instanceof GrammyError && (error.error_code === 403 || /chat not found/i.test(error.description));
}

/**
 * Starts the channel when TELEGRAM_BOT_TOKEN is set (null otherwise). Updates arrive by long polling in
 * one server process at a time (a lease in Redis; the only process in the embedded shape); every
 * process sends.
 */
export function createTelegramChannel(ctx: ServerContext): TelegramChannel | null {
  const token = ctx.config.TELEGRAM_BOT_TOKEN;
  if (!token) return null;
  const client = { apiRoot: ctx.config.TELEGRAM_API_ROOT };
  const log = ctx.logger.child({ module: 'telegram' });
  const api = new Api(token, client);
  let me: Promise<string | null> | null = null;

  const bot = new Bot(token, { client });
  bot.command('start', async (c) => {
    const code = c.match.trim();
    if (!code) return void (await c.reply(TelegramReplies.noCode));
    const userId = await linkChat(
      ctx.db,
      code,
      { chatId: String(c.chat.id), username: c.from?.username ?? null },
      ctx.now(),
    );
    await c.reply(userId ? TelegramReplies.linked : TelegramReplies.badCode);
  });
  bot.command('stop', async (c) => {
    const unlinked = await unlinkChat(ctx.db, String(c.chat.id));
    await c.reply(unlinked ? TelegramReplies.stopped : TelegramReplies.notLinked);
  });
  bot.catch((error) => log.warn({ err: error.error }, 'telegram update not handled'));

  let polling: Promise<void> | null = null;
  function startPolling(): void {
    if (polling) return;
    polling = bot
      .start({
        allowed_updates: ['message'],
        onStart: (info) => log.info({ bot: info.username }, 'telegram bot polling'),
      })
      .catch((error: unknown) => log.warn({ err: error }, 'telegram polling stopped; retrying'))
      .finally(() => {
        polling = null;
      });
  }
  const lease: Lease = holdLease(ctx, 'telegram-polling', {
    onAcquired: startPolling,
    onLost: () => {
      if (bot.isRunning()) void bot.stop();
    },
    tick: startPolling,
  });

  return {
    botUsername() {
      me ??= api.getMe().then(
        (info) => info.username,
        (error: unknown) => {
          log.warn({ err: error }, 'telegram getMe failed');
          me = null;
          return null;
        },
      );
      return me;
    },
    sender: {
      async send(delivery, message) {
        const link = await ctx.db
          .selectFrom('telegram_links')
          .select('chat_id')
          .where('user_id', '=', delivery.recipient)
          .executeTakeFirst();
        if (!link) return { status: 'gone', error: 'Telegram unlinked' };
        try {
          await api.sendMessage(
            Number(link.chat_id),
            [message.title, ...message.lines, ...(message.proof.length ? ['', ...message.proof] : [])].join('\n'),
          );
          return { status: 'sent' };
        } catch (error) {
          if (!chatGone(error)) throw error;
          await unlinkChat(ctx.db, link.chat_id);
          return { status: 'gone', error: `Telegram answered: ${(error as GrammyError).description}` };
        }
      },
      async close() {},
    },
    async close() {
      await lease.close();
      if (bot.isRunning()) await bot.stop();
      await polling;
    },
  };
}
