// One process of simulated members for `npm run bench:storm`, driven by storm.ts over IPC. Each member
// holds a socket.io connection with the client's own reconnection (as the web app does) and records
// when its last snapshot arrived and every refused handshake.
import type { ClientToServerEvents, ServerToClientEvents } from '@signalroom/shared';
import { io, type Socket } from 'socket.io-client';

type Command = { type: 'connect'; url: string; tokens: string[] } | { type: 'since'; at: number } | { type: 'stop' };

interface Member {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  lastSnapshotAt: number;
}

const send = (message: unknown) => process.send?.(message);
const members: Member[] = [];
/** connect_error with the server's answer (a handshake the middleware refused), by time. */
const refused: number[] = [];
/** connect_error without one (nothing listening: the server is down). */
const unreachable: number[] = [];

function connect(url: string, tokens: string[]): void {
  let ready = 0;
  if (tokens.length === 0) send({ type: 'ready' });
  for (const token of tokens) {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
    });
    const member: Member = { socket, lastSnapshotAt: 0 };
    socket.on('snapshot', () => {
      if (member.lastSnapshotAt === 0) {
        ready += 1;
        if (ready === tokens.length) send({ type: 'ready' });
      }
      member.lastSnapshotAt = Date.now();
    });
    socket.on('connect_error', (error: Error & { data?: unknown; type?: string }) => {
      // A middleware's refusal carries its message; a refused TCP connection is a transport error.
      if (error.message === 'Service temporarily unavailable') refused.push(Date.now());
      else unreachable.push(Date.now());
    });
    members.push(member);
  }
}

/** Waits until every member has a snapshot newer than `at`; reports when the last one arrived. */
function since(at: number): void {
  const check = setInterval(() => {
    const missing = members.filter((m) => m.lastSnapshotAt <= at).length;
    if (missing > 0) return;
    clearInterval(check);
    send({
      type: 'restored',
      lastSnapshotAt: Math.max(at, ...members.map((m) => m.lastSnapshotAt)),
      refused: refused.filter((t) => t > at).length,
      unreachable: unreachable.filter((t) => t > at).length,
    });
  }, 50);
}

process.on('message', (command: Command) => {
  if (command.type === 'connect') connect(command.url, command.tokens);
  else if (command.type === 'since') since(command.at);
  else {
    for (const member of members) member.socket.close();
    send({ type: 'stopped' });
    setTimeout(() => process.exit(0), 100);
  }
});
send({ type: 'started' });
