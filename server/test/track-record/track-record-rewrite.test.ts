import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type TPublicStats,
  type TTrackRecordAdminView,
  type TTrackRecordCheckpoint,
  type TTrackRecordHead,
  verifyTrackRecordOnline,
} from '@signalroom/shared';
import { appendUnrecordedSignals, TrackRecordRewrittenError } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTrackRecordAtStart } from '../../src/modules/track-record/track-record.health.js';
import { createMember } from '../helpers/factories.js';
import { spawnSource } from '../helpers/processes.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { rewriteHistory } from '../helpers/track-record-attack.js';
import { pollUntil } from '../helpers/wait-for.js';
import { engineFor, slots } from '../signals/signal-helpers.js';

/**
 * The attack an outside audit found: the database's owner deletes the record's last entries, turns a
 * won signal into a loss and has the entries appended again. Whatever the server then says about
 * itself, what outsiders kept (an entry hash, a signed checkpoint) proves the rewrite; when the
 * checkpoint history is left in place, the server's own check and its start-up see it too, and the
 * published figures stop.
 */
async function recordThreeSignals(server: TestServer): Promise<string[]> {
  const engine = engineFor(server);
  const ids: string[] = [];
  for (const slot of slots('2026-11-20T10:00:00Z', 3)) {
    const signal = await engine.runSlot(slot);
    if (!signal) throw new Error('no signal issued');
    await engine.resolveSignal(signal.id);
    ids.push(signal.id);
  }
  return ids;
}

const verifier = async (server: TestServer, args: string[]) => {
  const run = spawnSource('scripts/verify-track-record.ts', [server.url, ...args], {});
  const code = await run.waitForExit(60_000);
  return { code, output: run.output() };
};

describe('a rewrite with its tracks covered (checkpoints re-signed)', () => {
  let server: TestServer;
  let ids: string[];
  let kept: { head: string; checkpoint: TTrackRecordCheckpoint; file: string };

  beforeAll(async () => {
    server = await startTestServer();
    ids = await recordThreeSignals(server);
    const head = (await server.api<TTrackRecordHead>('GET', '/api/track-record/head')).body.data;
    if (!head?.checkpoint) throw new Error('no checkpoint');
    const file = join(await mkdtemp(join(tmpdir(), 'sr-checkpoints-')), 'checkpoints.json');
    await writeFile(file, JSON.stringify([head.checkpoint]));
    kept = { head: head.headHash, checkpoint: head.checkpoint, file };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds for what a member kept before the rewrite', async () => {
    expect(kept.checkpoint).toMatchObject({ size: 6, head: kept.head });
    const clean = await verifier(server, ['--expect', `6:${kept.head}`, '--checkpoints', kept.file]);
    expect(clean.code).toBe(0);
    expect(clean.output).toContain('entry #6 is the one kept');
    expect(clean.output).toContain('holds');
  });

  it('fails --expect and a kept checkpoint after the rewrite, though the record looks whole from inside', async () => {
    await rewriteHistory(server.context.db, { keep: 3, signalId: ids[1] as string, coverTracks: true });
    const inside = await verifyTrackRecordOnline({ base: server.url });
    expect(inside).toMatchObject({ ok: true, length: 6 });

    const run = await verifier(server, ['--expect', `6:${kept.head}`, '--checkpoints', kept.file]);
    expect(run.code).toBe(1);
    expect(run.output).toContain('BROKEN: entry #6 is not the one kept: history was rewritten');
    expect(run.output).toMatch(/BROKEN: checkpoint #6 \w+…: entry #6 or one before it is not what the record signed/);
  });

  it("keeps a witness's report of the kept checkpoint for admins, and refuses one that proves nothing", async () => {
    const report = await server.api('POST', '/api/track-record/witness-reports', {
      body: { checkpoint: kept.checkpoint },
    });
    expect(report.status).toBe(201);
    const forged = { ...kept.checkpoint, root: 'f'.repeat(64) };
    const refused = await server.api('POST', '/api/track-record/witness-reports', { body: { checkpoint: forged } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This checkpoint does not carry this record's signature.");

    const admin = await createMember(server.context.db, { role: 'admin' });
    const view = await server.api<TTrackRecordAdminView>('GET', '/api/admin/track-record', { token: admin.token });
    expect(view.body.data?.witnessReports).toEqual([
      expect.objectContaining({ checkpoint: kept.checkpoint, reason: expect.stringContaining('entry #6') }),
    ]);
  });
});

describe('a rewrite that leaves the checkpoint history in place', () => {
  let server: TestServer;
  let ids: string[];
  const head = async () => (await server.api<TTrackRecordHead>('GET', '/api/track-record/head')).body.data;

  beforeAll(async () => {
    server = await startTestServer({ TRACK_RECORD_FULL_CHECK_MS: '1000' });
    ids = await recordThreeSignals(server);
    expect(await head()).toMatchObject({ length: 6, brokenAt: null });
    await rewriteHistory(server.context.db, { keep: 3, signalId: ids[1] as string, coverTracks: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is refused by start-up and by the repair alike: nothing is appended on a rewritten history', async () => {
    await checkTrackRecordAtStart(server.context);
    const health = await server.api<{ problems: string[] }>('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.data?.problems.join('\n')).toContain('signal entries are missing');
    await expect(appendUnrecordedSignals(server.context.db, new Date())).rejects.toBeInstanceOf(
      TrackRecordRewrittenError,
    );
  });

  it("is named by the server's check and stops the published figures", async () => {
    await pollUntil(async () => (await head())?.brokenAt === 4, {
      timeoutMs: 10_000,
      message: 'the server check did not see the rewrite',
    });
    const stats = (await server.api<TPublicStats>('GET', '/api/stats/public')).body.data;
    expect(stats).toMatchObject({ recordBroken: true, winRateFirstWindow: null, winRateWithMartingale: null });
    const summary = await server.api<{ stats: unknown }>('GET', '/api/track-record/summary');
    expect(summary.body.data?.stats).toBeNull();
  });

  it('fails the verifier checking the signed checkpoint history', async () => {
    const run = await verifier(server, ['--history']);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/BROKEN: .*checkpoint #6/);
  });
});
