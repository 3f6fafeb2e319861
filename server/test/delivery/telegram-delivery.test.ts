import type { TSignalDeliveries, TTelegramLinkCode, TTelegramStatus } from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelegramReplies } from '../../src/modules/delivery/telegram.bot.js';
import { type BotApiStandIn, startBotApiStandIn } from '../helpers/bot-api.js';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';

const TOKEN = '123456:TEST-bot-token';

// The Telegram bot against a local stand-in of the Bot API: linking, unlinking, signals, a blocked chat.
describe('signal delivery on Telegram', () => {
  let server: TestServer;
  let botApi: BotApiStandIn;

  beforeAll(async () => {
    botApi = await startBotApiStandIn(TOKEN);
    server = await startTestServer({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: botApi.url,
      DELIVERY_ATTEMPTS: '2',
      DELIVERY_BACKOFF_MS: '50',
    });
    await botApi.waitFor((call) => call.method === 'getUpdates', 15_000);
  });
  afterAll(async () => {
    await server?.close();
    await botApi?.close();
  });

  /** The bot's reply to a chat, sent after the call count `after` (an earlier identical reply does not count). */
  const repliesTo = (chatId: number, text: string, after = 0) =>
    botApi.waitFor(
      (c) =>
        botApi.calls.indexOf(c) >= after &&
        c.method === 'sendMessage' &&
        c.params.chat_id === chatId &&
        c.params.text === text,
      10_000,
    );

  async function link(token: string, chat: { id: number; username: string }) {
    const issued = await server.api<TTelegramLinkCode>('POST', '/api/users/telegram/link-code', { token });
    expect(issued.status).toBe(201);
    const code = issued.body.data as TTelegramLinkCode;
    expect(code.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(code.link).toBe(`https://t.me/signalroom_test_bot?start=${code.code}`);
    const after = botApi.calls.length;
    botApi.sendText(chat, `/start ${code.code}`);
    const reply = await repliesTo(chat.id, TelegramReplies.linked, after);
    expect(reply.params).toEqual({ chat_id: chat.id, text: TelegramReplies.linked });
  }

  const status = async (token: string) =>
    (await server.api<TTelegramStatus>('GET', '/api/users/telegram', { token })).body.data as TTelegramStatus;

  it('links a chat with a one-time code, sends each entitled signal, unlinks with /stop and from Settings', async () => {
    const db = server.context.db;
    const admin = await createMember(db, { tier: 'gold', role: 'admin' });
    const gold = await createMember(db, { tier: 'gold' });
    const blocker = await createMember(db, { tier: 'pro' });
    await createMember(db, { tier: 'guest' });

    expect(await status(gold.token)).toEqual({
      enabled: true,
      linked: false,
      username: null,
      linkedAt: null,
      botUsername: 'signalroom_test_bot',
    });
    botApi.sendText({ id: 555, username: 'guesser' }, '/start WRONGCODE2');
    await repliesTo(555, TelegramReplies.badCode);

    await link(gold.token, { id: 777, username: 'trader_ng' });
    expect(await status(gold.token)).toMatchObject({ linked: true, username: 'trader_ng' });
    await link(blocker.token, { id: 888, username: 'gone_trader' });
    botApi.block(888);

    const signal = presentSignal(await insertSignal(db, { slotStart: new Date(), asset: 'EUR/USD (OTC)' }));
    await server.context.bus.publish({ type: 'signal:new', signal });
    const text = (
      await botApi.waitFor(
        (c) => c.method === 'sendMessage' && c.params.chat_id === 777 && String(c.params.text).startsWith('BUY'),
        10_000,
      )
    ).params;
    expect(text).toEqual({
      chat_id: 777,
      text: expect.stringMatching(
        /^BUY EUR\/USD \(OTC\): CALL\nCALL EUR\/USD \(OTC\) at 1\.0845 \(simulated market\)\nConfidence 70%\nSource: Model: seed\nPrimary window closes at (?:\d+ \w+, )?\d\d:\d\d GMT\+1\nTrack record entry #\d+: [0-9a-f]{64}\n\nSigned checkpoint that covered it before it was sent:\n.+\n\d+\n[A-Za-z0-9+/=]{44}\n\n\u2014 .+$/,
      ),
    });

    // The blocked chat: one try, failed, and the link removed; the other chat got it once.
    const log = await pollUntil(
      async () => {
        const answer = await server.api<TSignalDeliveries>('GET', `/api/admin/signals/${signal.id}/deliveries`, {
          token: admin.token,
        });
        const telegram = answer.body.data?.channels.find((c) => c.channel === 'telegram');
        return telegram && telegram.queued === 0 ? answer.body.data : undefined;
      },
      { timeoutMs: 10_000, message: 'telegram deliveries did not settle' },
    );
    expect(log?.channels.find((c) => c.channel === 'telegram')).toEqual({
      channel: 'telegram',
      queued: 0,
      sent: 1,
      failed: 1,
      skipped: 0,
    });
    expect(log?.problems.find((p) => p.channel === 'telegram')).toMatchObject({
      attempts: 1,
      error: 'Telegram answered: Forbidden: bot was blocked by the user',
    });
    expect(await status(blocker.token)).toMatchObject({ linked: false });
    const sentTo = botApi.calls.filter((c) => c.method === 'sendMessage' && String(c.params.text).startsWith('BUY'));
    expect(sentTo.map((c) => c.params.chat_id).sort()).toEqual([777, 888]);

    botApi.sendText({ id: 777, username: 'trader_ng' }, '/stop');
    await repliesTo(777, TelegramReplies.stopped);
    expect(await status(gold.token)).toMatchObject({ linked: false, username: null });

    await link(gold.token, { id: 777, username: 'trader_ng' });
    const unlinked = await server.api<TTelegramStatus>('DELETE', '/api/users/telegram', { token: gold.token });
    expect(unlinked.body.data).toMatchObject({ enabled: true, linked: false });
  });
});
