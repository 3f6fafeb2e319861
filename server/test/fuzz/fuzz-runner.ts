import fc from 'fast-check';
import { expect } from 'vitest';
import { getMailer } from '../../src/modules/mail/mail.service.js';
import { callEndpoint, countWritableRows, type EndpointCase, type EndpointFixtures } from '../helpers/endpoints.js';
import type { TestServer } from '../helpers/test-server.js';
import { inputsFor } from './zod-arbitrary.js';

/** Cases per call: 60 in `npm test` (both shapes, inside its time budget), FUZZ_RUNS (1000 in `npm run test:fuzz`) for a nightly-size run. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS) || 60;
/**
 * One seed for every call a file fuzzes, printed as the file starts: fast-check names the seed of a
 * counterexample, but an input that hangs the server never gets that far (a loop in a validator held a
 * run until CI's limit), so the seed must be known before. FUZZ_SEED replays a run.
 */
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
console.log(`fuzzing with FUZZ_SEED=${FUZZ_SEED} (set it to replay these inputs)`);

/** What one call answered over a run, by status class (the figures in docs/security.md come from these). */
export interface FuzzTally {
  endpoint: string;
  tried: number;
  byStatus: Record<string, number>;
}

/**
 * Sends FUZZ_RUNS generated inputs to one call and asserts, for every answer: no 5xx; the envelope
 * (success, a message in our words, data, error with a code when it failed, timestamp); and no row
 * written in any table when the answer is a 4xx.
 */
export async function fuzzEndpoint(
  server: TestServer,
  fixtures: EndpointFixtures,
  endpoint: EndpointCase,
): Promise<FuzzTally> {
  const tally: FuzzTally = { endpoint: endpoint.name, tried: 0, byStatus: {} };
  const mailer = getMailer(server.context);
  // Nothing else writes while a run goes (no worker, one request at a time), so the counts after one
  // answer are the counts before the next: one count per case instead of two.
  let before = await countWritableRows(server);
  await fc.assert(
    fc.asyncProperty(inputsFor(endpoint.schema, endpoint.valid), async (input) => {
      const { status, body } = await callEndpoint(server, endpoint, fixtures, input);
      // Mail of a successful call is written in the background; let it land before counting rows.
      await mailer.drain();
      const after = await countWritableRows(server);
      const counted = before;
      before = after;
      tally.tried += 1;
      tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
      const label = `${endpoint.method} ${endpoint.name} answered ${status} to ${JSON.stringify(input)?.slice(0, 300)}`;
      expect(status, label).toBeLessThan(500);
      expect(typeof body.success, label).toBe('boolean');
      expect(body.success, label).toBe(status < 400);
      expect(typeof body.message, label).toBe('string');
      expect(body.message.length, label).toBeGreaterThan(0);
      expect(body.message, label).not.toMatch(/Invalid input|expected \w+, received|Unrecognized key/);
      expect(typeof body.timestamp, label).toBe('string');
      expect(body, label).toHaveProperty('data');
      if (status >= 400) {
        expect(body.data, label).toBeNull();
        expect(typeof body.error?.code, label).toBe('string');
        if (!endpoint.writesOnRefusal?.includes(status)) expect(after, label).toEqual(counted);
      }
    }),
    { numRuns: FUZZ_RUNS, seed: FUZZ_SEED, endOnFailure: true },
  );
  return tally;
}

/** One line per call for the log (and the figures in docs/security.md). */
export function formatTally(tally: FuzzTally): string {
  const classes = Object.entries(tally.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  return `${tally.endpoint.padEnd(36)} ${String(tally.tried).padStart(5)} tried  ${classes}`;
}
