import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { arrivals } from './wait-for.js';

/** One Bot API call the bot made: the method and its parameters as sent. */
export interface BotApiCall {
  method: string;
  params: Record<string, unknown>;
}

export interface BotApiStandIn {
  /** The `apiRoot` to give grammY (TELEGRAM_API_ROOT). */
  url: string;
  calls: BotApiCall[];
  /** Resolves with the first call (made already or within the timeout) that matches. */
  waitFor(predicate: (call: BotApiCall) => boolean, timeoutMs?: number): Promise<BotApiCall>;
  /** A member writes to the bot: the next getUpdates answers this message. */
  sendText(chat: { id: number; username?: string }, text: string): void;
  /** sendMessage to this chat answers 403, as when the member has blocked the bot. */
  block(chatId: number): void;
  close(): Promise<void>;
}

/**
 * A stand-in for the Bot API's HTTP endpoints (`<apiRoot>/bot<token>/<method>`): getMe, deleteWebhook,
 * getUpdates (long polling: held until an update comes or a moment passes) and sendMessage, each call
 * recorded as sent. Only `token` is accepted.
 */
export async function startBotApiStandIn(
  token: string,
  bot = { id: 4242, username: 'signalroom_test_bot' },
): Promise<BotApiStandIn> {
  const calls: BotApiCall[] = [];
  const arrived = arrivals(calls, (ms) => `No matching Bot API call within ${ms} ms (${calls.length} calls)`);
  const updates: Record<string, unknown>[] = [];
  const blocked = new Set<number>();
  const waiting = new Set<() => void>();
  let nextUpdateId = 1;
  let nextMessageId = 100;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    if (response.writableEnded || response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function handle(
    method: string,
    params: Record<string, unknown>,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    switch (method) {
      case 'getMe':
        return answer(response, 200, {
          ok: true,
          result: { id: bot.id, is_bot: true, first_name: 'Signals', username: bot.username },
        });
      case 'deleteWebhook':
        return answer(response, 200, { ok: true, result: true });
      case 'getUpdates': {
        const offset = Number(params.offset ?? 0);
        const pending = () => updates.filter((u) => Number(u.update_id) >= offset);
        if (pending().length === 0 && Number(params.timeout ?? 0) > 0) {
          // Hold the long poll until an update arrives or 200 ms pass (or the bot gives up the request).
          await new Promise<void>((resolve) => {
            const wake = () => {
              waiting.delete(wake);
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(wake, 200);
            waiting.add(wake);
            request.on('close', wake);
          });
        }
        return answer(response, 200, { ok: true, result: pending().slice(0, Number(params.limit ?? 100)) });
      }
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        if (blocked.has(chatId)) {
          return answer(response, 403, {
            ok: false,
            error_code: 403,
            description: 'Forbidden: bot was blocked by the user',
          });
        }
        nextMessageId += 1;
        return answer(response, 200, {
          ok: true,
          result: {
            message_id: nextMessageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: chatId, type: 'private' },
            text: params.text,
          },
        });
      }
      default:
        return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)/.exec(request.url ?? '');
      if (!match || match[1] !== token) {
        answer(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return;
      }
      const method = match[2] as string;
      const text = Buffer.concat(chunks).toString('utf8');
      const params = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      calls.push({ method, params });
      arrived.arrived();
      handle(method, params, request, response).catch((error: unknown) =>
        answer(response, 500, { ok: false, description: String(error) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    waitFor: arrived.waitFor,
    sendText(chat, text) {
      const entities = text.startsWith('/')
        ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }]
        : undefined;
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chat.id, type: 'private', username: chat.username },
          from: { id: chat.id, is_bot: false, first_name: 'Member', username: chat.username },
          text,
          ...(entities ? { entities } : {}),
        },
      });
      for (const wake of [...waiting]) wake();
    },
    block(chatId) {
      blocked.add(chatId);
    },
    close() {
      for (const wake of [...waiting]) wake();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
