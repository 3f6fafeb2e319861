// Polls the newest signals with a member's API key, sending back the last answer's ETag so an
// unchanged list costs a 304 and no body. Node 22 or later, no dependencies.
//   SIGNALROOM_URL=https://signals.example.com SIGNALROOM_KEY=sr_... node poll-signals.mjs
const base = process.env.SIGNALROOM_URL ?? 'http://127.0.0.1:3000';
const key = process.env.SIGNALROOM_KEY;
const rounds = Number(process.env.ROUNDS ?? 0);
const everyMs = Number(process.env.POLL_EVERY_MS ?? 5000);
let etag = null;

for (let round = 1; !rounds || round <= rounds; round += 1) {
  const response = await fetch(new URL('/api/signals?limit=10&sortOrder=desc', base), {
    headers: { authorization: `Bearer ${key}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  if (response.status === 304) {
    console.log('unchanged');
  } else if (response.ok) {
    etag = response.headers.get('etag');
    const { data } = await response.json();
    console.log(`${data.length} signals, newest ${data[0]?.id ?? 'none'}`);
  } else {
    // Every error is the API's envelope: its message says what to do (429 carries Retry-After).
    const { message } = await response.json();
    console.error(`${response.status}: ${message}`);
    process.exit(1);
  }
  if (!rounds || round < rounds) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
