import { verifyTrackRecordOnline } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engineFor, slots } from '../signals/signal-helpers.js';

/**
 * The record is live: a signal can be issued between the verifier's first look at the latest
 * checkpoint and its download of the entries. The public part it reads then may hold more than that
 * checkpoint signed: the verifier must not call the record broken for a log that grew.
 */
describe('verifying a record that grows while it is read', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('checks the entries appended after the first head against the head read again', async () => {
    const engine = engineFor(server);
    const [first, second] = slots('2026-11-20T10:00:00Z', 2);
    await engine.runSlot(first as Date);
    let grown = false;
    const report = await verifyTrackRecordOnline({
      base: server.url,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        // Right after the verifier has read the head, the engine issues the next signal.
        if (!grown && String(input).endsWith('/api/track-record/checkpoint')) {
          grown = true;
          await engine.runSlot(second as Date);
        }
        return response;
      },
    });
    expect(grown).toBe(true);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // The key and payout entries, then each signal's issue entry (their windows closed long ago).
    expect(report.length).toBe(4);
    expect(report.size).toBe(4);
  });
});
