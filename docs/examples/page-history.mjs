// Reads every signal issued since a date, newest first, a page at a time, and keeps within the key's
// budget by its RateLimit header. Node 22 or later, no dependencies.
//   SIGNALROOM_URL=https://signals.example.com SIGNALROOM_KEY=sr_... SINCE=2026-12-01T00:00:00Z node page-history.mjs
const base = process.env.SIGNALROOM_URL ?? 'http://127.0.0.1:3000';
const key = process.env.SIGNALROOM_KEY;
const since = process.env.SINCE ?? new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
const signals = [];
let before = null;

do {
  const url = new URL('/api/signals', base);
  url.searchParams.set('limit', '100');
  url.searchParams.set('since', since);
  if (before) url.searchParams.set('before', before);
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (response.status === 429) {
    // Out of budget: wait as long as the server says, then ask for the same page again.
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000));
    continue;
  }
  const answer = await response.json();
  if (!response.ok) {
    console.error(`${response.status}: ${answer.message}`);
    process.exit(1);
  }
  signals.push(...answer.data);
  // null on the last page; otherwise the cursor of the next (older) page.
  before = answer.pagination.nextCursor;
  // `"api-key";r=<left>;t=<seconds to the reset>`: when nothing is left, wait for the reset.
  const [, left, reset] = /r=(\d+);t=(\d+)/.exec(response.headers.get('ratelimit') ?? '') ?? [];
  if (before && left === '0') await new Promise((resolve) => setTimeout(resolve, Number(reset) * 1000));
} while (before);

const won = signals.filter((s) => s.outcome === 'profit').length;
console.log(`${signals.length} signals since ${since}, ${won} won`);
