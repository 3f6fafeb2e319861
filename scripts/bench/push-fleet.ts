// One process of simulated members for `npm run bench:push`, driven by push.ts over IPC.
//   stream mode: a plain WebSocket per member on GET /api/stream (API key), measured as push is.
//   push mode: holds a socket per member and records, for every signal:new, the delay from the
//              publish time (the signal's createdAt, stamped by the bench right before publishing),
//              and how many of its sockets got each signal, and how many got one twice.
//   poll mode: every member calls GET /api/signals every 2 s, spread evenly over the period.
import type { ClientToServerEvents, ServerToClientEvents, TSignalView } from '@signalroom/shared';
import { io, type Socket } from 'socket.io-client';
import StreamSocket from 'ws';

type Command =
  | { type: 'push'; url: string; tokens: string[] }
  | { type: 'bare'; url: string; count: number }
  | { type: 'stream'; url: string; keys: string[] }
  | { type: 'poll'; url: string; tokens: string[]; periodMs: number }
  | { type: 'collect' }
  | { type: 'stop' };

const send = (message: unknown) => process.send?.(message);
const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
let latencies: number[] = [];
let received = 0;
/** Since the sockets connected, never reset: sockets that got each signal, and receipts of one twice. */
const receipts = new Map<string, { createdAt: string; sockets: number }>();
let duplicates = 0;
let polls = 0;
let pollErrors = 0;
let pollLatencies: number[] = [];
let polling = false;
const timers: NodeJS.Timeout[] = [];

/** One socket's receipt of a signal: its delay from publication, and whether this socket had it already. */
function receive(seen: Set<string>, signal: TSignalView): void {
  received += 1;
  latencies.push(Date.now() - Date.parse(signal.createdAt));
  if (seen.has(signal.id)) {
    duplicates += 1;
    return;
  }
  seen.add(signal.id);
  const entry = receipts.get(signal.id) ?? { createdAt: signal.createdAt, sockets: 0 };
  entry.sockets += 1;
  receipts.set(signal.id, entry);
}

async function connectAll(url: string, tokens: string[]): Promise<void> {
  let connected = 0;
  let failed = 0;
  const batch = 200;
  for (let i = 0; i < tokens.length; i += batch) {
    await Promise.all(
      tokens.slice(i, i + batch).map(
        (token) =>
          new Promise<void>((resolve) => {
            const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
              transports: ['websocket'],
              auth: { token },
              reconnection: false,
              forceNew: true,
            });
            const seen = new Set<string>();
            socket.on('signal:new', (signal: TSignalView) => receive(seen, signal));
            socket.once('snapshot', () => {
              connected += 1;
              resolve();
            });
            socket.once('connect_error', () => {
              failed += 1;
              resolve();
            });
            sockets.push(socket);
          }),
      ),
    );
  }
  send({ type: 'ready', connected, failed });
}

const streamSockets: StreamSocket[] = [];

/** The plain stream's clients: one per key, counting `signal.issued` as push counts `signal:new`. */
async function connectStream(url: string, keys: string[]): Promise<void> {
  let connected = 0;
  let failed = 0;
  const batch = 200;
  for (let i = 0; i < keys.length; i += batch) {
    await Promise.all(
      keys.slice(i, i + batch).map(
        (key) =>
          new Promise<void>((resolve) => {
            const socket = new StreamSocket(`${url.replace(/^http/, 'ws')}/api/stream`, {
              headers: { authorization: `Bearer ${key}` },
            });
            const seen = new Set<string>();
            socket.on('message', (data) => {
              const message = JSON.parse(String(data)) as { type: string; signal?: TSignalView };
              if (message.type === 'ready') {
                connected += 1;
                resolve();
                return;
              }
              const signal = message.signal;
              if (message.type === 'signal.issued' && signal) receive(seen, signal);
            });
            socket.once('error', () => {
              failed += 1;
              resolve();
            });
            streamSockets.push(socket);
          }),
      ),
    );
  }
  send({ type: 'ready', connected, failed });
}

const bareSockets: WebSocket[] = [];

/** The floor's clients: plain WebSockets (Node's own) to the bare `ws` server, same measurement. */
async function connectBare(url: string, count: number): Promise<void> {
  let connected = 0;
  let failed = 0;
  const batch = 200;
  for (let i = 0; i < count; i += batch) {
    await Promise.all(
      Array.from(
        { length: Math.min(batch, count - i) },
        () =>
          new Promise<void>((resolve) => {
            const socket = new WebSocket(url);
            socket.onmessage = (message) => {
              const [type, payload] = JSON.parse(String(message.data)) as [string, { createdAt: string }];
              if (type !== 'signal:new') return;
              received += 1;
              latencies.push(Date.now() - Date.parse(payload.createdAt));
            };
            socket.onopen = () => {
              connected += 1;
              resolve();
            };
            socket.onerror = () => {
              failed += 1;
              resolve();
            };
            bareSockets.push(socket);
          }),
      ),
    );
  }
  send({ type: 'ready', connected, failed });
}

function pollAll(url: string, tokens: string[], periodMs: number): void {
  polling = true;
  tokens.forEach((token, index) => {
    const offset = Math.floor((index / tokens.length) * periodMs);
    // Like the web app: the last answer's ETag goes back as If-None-Match, and a 304 is an answer.
    let etag: string | null = null;
    const start = setTimeout(() => {
      const tick = async () => {
        if (!polling) return;
        const t0 = Date.now();
        try {
          const response = await fetch(`${url}/api/signals?limit=10&sortOrder=desc`, {
            headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
          });
          await response.arrayBuffer();
          if (response.ok) etag = response.headers.get('etag');
          if (response.ok || response.status === 304) polls += 1;
          else pollErrors += 1;
        } catch {
          pollErrors += 1;
        }
        pollLatencies.push(Date.now() - t0);
      };
      void tick();
      timers.push(setInterval(() => void tick(), periodMs));
    }, offset);
    timers.push(start);
  });
  send({ type: 'ready', connected: tokens.length, failed: 0 });
}

process.on('message', (command: Command) => {
  switch (command.type) {
    case 'push':
      void connectAll(command.url, command.tokens);
      return;
    case 'bare':
      void connectBare(command.url, command.count);
      break;
    case 'stream':
      void connectStream(command.url, command.keys);
      return;
    case 'poll':
      pollAll(command.url, command.tokens, command.periodMs);
      return;
    case 'collect':
      send({
        type: 'collected',
        latencies,
        received,
        polls,
        pollErrors,
        pollLatencies,
        receipts: Object.fromEntries(receipts),
        duplicates,
      });
      latencies = [];
      pollLatencies = [];
      received = 0;
      polls = 0;
      pollErrors = 0;
      return;
    case 'stop':
      polling = false;
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.close();
      for (const socket of bareSockets) socket.close();
      for (const socket of streamSockets) socket.close();
      send({ type: 'stopped' });
      setTimeout(() => process.exit(0), 100);
      return;
  }
});
send({ type: 'started' });
