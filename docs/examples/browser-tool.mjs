// A tool on a web page of your own: reads the newest signals with your API key (the API answers any
// origin for the calls a key may make) and follows the stream, offering the key as a WebSocket
// subprotocol since a browser cannot set headers on a WebSocket. Load it with <script type="module">
// after setting the two values below, or run it as it is in Node 22 or later:
//   SIGNALROOM_URL=https://signals.example.com SIGNALROOM_KEY=sr_... node browser-tool.mjs
const env = globalThis.process?.env ?? {};
const base = env.SIGNALROOM_URL ?? 'https://signals.example.com';
const key = env.SIGNALROOM_KEY ?? 'sr_...';
/** Stop after this many stream messages (0: follow for ever); the project's tests set it. */
const stopAfter = Number(env.STOP_AFTER ?? 0);

const response = await fetch(new URL('/api/signals?limit=5', base), { headers: { authorization: `Bearer ${key}` } });
const answer = await response.json();
if (!response.ok) throw new Error(`${response.status}: ${answer.message}`);
// The key's budget: `"api-key";r=<requests left>;t=<seconds until it is whole again>`.
console.log(`${answer.data.length} newest signals; budget ${response.headers.get('ratelimit')}`);

const stream = new WebSocket(new URL('/api/stream', base.replace(/^http/, 'ws')), ['bearer', key]);
let seen = 0;
stream.addEventListener('message', (event) => {
  const message = JSON.parse(event.data);
  console.log(
    message.type === 'ready' ? `stream ready (${stream.protocol})` : `${message.type} #${message.seq ?? '-'}`,
  );
  seen += 1;
  if (stopAfter && seen >= stopAfter) stream.close(1000);
});
// 4403: the key was revoked (a password reset or a log-out everywhere revokes every key) or live access ended.
stream.addEventListener('close', (event) => console.log(`stream closed (${event.code})`));
