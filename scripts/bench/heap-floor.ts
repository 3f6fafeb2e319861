// npm run bench:heap-floor -- [--members 3000]
//
// socket.io's own memory per connected member, to set the product's figure beside (the push bench prints
// the product's: heap per connected member after full collections). A bare socket.io server with the
// product's options and nothing of ours (socketio-floor-server.ts) is measured with 0 and with 3 rooms per
// socket, then with 3 rooms and each handshake released as the product does, and a bare `ws` server gives the WebSocket library's share: heap after two full collections at
// 0 sockets and at N, divided by N. Clients run in this process; only the server's heap is read.
import { type ChildProcess, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { log } from './bench-common.js';
import { heapAfterGc, nodeArgs, root } from './bench-server.js';

const { values: flags } = parseArgs({ options: { members: { type: 'string', default: '3000' } } });
const members = Number(flags.members);

async function startFloor(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      './scripts/bench/heap-probe.mjs',
      ...nodeArgs,
      'scripts/bench/socketio-floor-server.ts',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, ...env } },
  );
  const port = await new Promise<number>((resolve) => child.stdout?.once('data', (d) => resolve(Number(String(d)))));
  return { child, port };
}

async function measureSocketIo(rooms: number, release = false): Promise<number> {
  const { child, port } = await startFloor({ ROOMS: String(rooms), RELEASE: release ? '1' : '0' });
  const before = await heapAfterGc(child);
  const sockets: Socket[] = [];
  for (let i = 0; i < members; i += 1) {
    const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }
  const after = await heapAfterGc(child);
  for (const socket of sockets) socket.close();
  child.kill('SIGTERM');
  return (after - before) / members / 1024;
}

async function measureWs(): Promise<number> {
  // The same probe on a bare ws server in its own process: the WebSocket library's share.
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      './scripts/bench/heap-probe.mjs',
      '-e',
      "const {WebSocketServer}=require('ws');const s=new WebSocketServer({port:0,host:'127.0.0.1'});s.on('listening',()=>process.stdout.write(s.address().port+'\\n'));",
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const port = await new Promise<number>((resolve) => child.stdout?.once('data', (d) => resolve(Number(String(d)))));
  const before = await heapAfterGc(child);
  const sockets: WebSocket[] = [];
  for (let i = 0; i < members; i += 1) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`);
    sockets.push(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
  }
  const after = await heapAfterGc(child);
  for (const ws of sockets) ws.close();
  child.kill('SIGTERM');
  return (after - before) / members / 1024;
}

log(`bench:heap-floor members=${members}`);
const bareWs = await measureWs();
const noRooms = await measureSocketIo(0);
const threeRooms = await measureSocketIo(3);
const released = await measureSocketIo(3, true);
console.log('\n=== bench:heap-floor results ===');
console.log(`heap per connected member, ${members} sockets, after full collections:`);
console.log(`  bare ws server                       ${bareWs.toFixed(2)} kB`);
console.log(`  bare socket.io, no rooms             ${noRooms.toFixed(2)} kB (${(noRooms / bareWs).toFixed(2)}x ws)`);
console.log(`  bare socket.io, 3 rooms per socket   ${threeRooms.toFixed(2)} kB`);
console.log(
  `  the same, handshake released         ${released.toFixed(2)} kB (${(released / threeRooms).toFixed(2)}x; ` +
    'what the product does on every connection)',
);
console.log('  (the product: `npm run bench -- push` prints its heap per connected member)');
process.exit(0);
