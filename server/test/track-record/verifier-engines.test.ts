import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type TTrackRecordSummary,
  type VerifyOptions,
  verifyCheckpointsHere,
  verifyTrackRecordOnline,
} from '@signalroom/shared';
import { sha256Hex } from '@signalroom/shared-node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { createWitnessedLog, issueSignalNow, type WitnessedLog } from '../helpers/witnessed-log.js';

/**
 * The outside verifier as the browser page runs it: entry hashes worked out a batch ahead by an
 * asynchronous hash (WebCrypto's shape), cosigned checkpoints checked elsewhere (a worker's shape) while
 * the entries are. Its report must be the portable engines' report, word for word, on a sound record
 * and on an edited one.
 */
describe('the outside verifier with batched hashes and checkpoints checked elsewhere', () => {
  let log: WitnessedLog;
  let server: TestServer;
  const calls = { batches: 0, checkpointPages: 0 };
  /** The page's engines, answering a turn later as WebCrypto and a worker do. */
  const browserShaped = (): Partial<VerifyOptions> => ({
    sha256HexBatch: async (texts) => {
      calls.batches += 1;
      await nextTurn();
      return texts.map(sha256Hex);
    },
    verifyCheckpoints: async (notes, witnesses) => {
      calls.checkpointPages += 1;
      await nextTurn();
      return verifyCheckpointsHere(notes, witnesses);
    },
  });

  beforeAll(async () => {
    log = await createWitnessedLog({ witnesses: 1 });
    server = await startTestServer(log.env);
    await issueSignalNow(server, 2000);
    await issueSignalNow(server, 2000);
    await pollUntil(
      async () => {
        const summary = await server.api<TTrackRecordSummary>('GET', '/api/track-record/summary');
        return summary.body.data?.counted.counted === 2 ? true : undefined;
      },
      { timeoutMs: 20_000, everyMs: 200, message: 'the two signals were not counted' },
    );
  });
  afterAll(async () => {
    await server?.close();
    await log?.cleanup();
  });

  const verify = (extra: Partial<VerifyOptions> = {}) =>
    verifyTrackRecordOnline({
      base: server.url,
      logKey: log.logKey,
      witnesses: log.witnesses.map((w) => w.verifierKey),
      now: Date.now(),
      ...extra,
    });

  it('reports what the portable engines report on a sound record, having used both of its own', async () => {
    const portable = await verify();
    const fast = await verify(browserShaped());
    expect(calls.batches).toBeGreaterThan(0);
    expect(calls.checkpointPages).toBeGreaterThan(0);
    expect(portable.problems).toEqual([]);
    expect(portable.signals.filter((s) => s.counted)).toHaveLength(2);
    expect(fast).toEqual(portable);
  });

  it('names the same edited entry as the portable engines do', async () => {
    const db = server.context.db;
    const entries = (await (await fetch(`${server.url}/api/track-record?after=0&limit=100`)).json()) as {
      data: { entries: { seq: number; payload: { kind: string } }[] };
    };
    const signal = entries.data.entries.find((e) => e.payload.kind === 'signal');
    await sql`alter table track_record_chain disable trigger all`.execute(db);
    await sql`update track_record_chain set payload = replace(payload, '"confidence":', '"confidence":1')
      where seq = ${signal?.seq ?? 0}`.execute(db);
    await sql`alter table track_record_chain enable trigger all`.execute(db);
    const portable = await verify();
    const fast = await verify(browserShaped());
    expect(portable.problems).toContain(`entry #${signal?.seq}: its content does not match its hash`);
    expect(fast.problems).toEqual(portable.problems);
  });
});
