// Reads the plain signal stream with a member's API key, and picks up where it left off after a
// reconnect. Node 22 or later; one dependency: `npm install ws`.
//   SIGNALROOM_URL=https://signals.example.com SIGNALROOM_KEY=sr_... node read-stream.mjs
import WebSocket from 'ws';

const base = process.env.SIGNALROOM_URL ?? 'http://127.0.0.1:3000';
const key = process.env.SIGNALROOM_KEY;
/** Stop after this many signal messages (0: read for ever); the project's tests set it. */
const stopAfter = Number(process.env.STOP_AFTER ?? 0);
let lastSeq = process.env.AFTER ? Number(process.env.AFTER) : null;
let seen = 0;

function connect() {
  const url = new URL('/api/stream', base.replace(/^http/, 'ws'));
  if (lastSeq !== null) url.searchParams.set('after', String(lastSeq));
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${key}` } });
  ws.on('unexpected-response', (_request, response) => {
    // A refusal is the API's JSON envelope: 401 unknown or revoked key, 403 no live access.
    console.error(`refused with ${response.statusCode}`);
    process.exit(1);
  });
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.seq) lastSeq = message.seq;
    if (message.type === 'ready') {
      console.log(`ready: ${message.replayed} replayed, up to entry ${message.lastSeq}`);
      if (message.truncated) console.log('missed more than one replay holds: read GET /api/signals for the rest');
      return;
    }
    if (message.type === 'stats') return;
    const s = message.signal;
    console.log(
      s.locked
        ? `${message.type} #${message.seq ?? '-'}: locked (past your daily allowance)`
        : `${message.type} #${message.seq ?? '-'}: ${s.direction} ${s.asset} at ${s.entryPrice}, ${s.confidence}%`,
    );
    seen += 1;
    if (stopAfter && seen >= stopAfter) ws.close(1000);
  });
  ws.on('close', (code) => {
    if (stopAfter && seen >= stopAfter) process.exit(0);
    // 4403: the key was revoked or live access ended; anything else: reconnect and catch up.
    if (code === 4403) process.exit(1);
    setTimeout(connect, 2000);
  });
  ws.on('error', () => undefined);
}

connect();
