import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TTrackRecordAdminView, TTrackRecordCheckpoint, TTrackRecordHead } from '@signalroom/shared';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { rewriteHistory } from '../../server/test/helpers/track-record-attack.js';
import { engineFor, slots } from '../../server/test/signals/signal-helpers.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

/**
 * The track record's outside checks in a real browser, against the rewrite an audit found (entries
 * deleted, a won signal turned into a loss, the rest appended again and re-signed): a member's browser
 * that kept a checkpoint says so loudly and reports it; the standalone verifier page (served, and saved
 * to disk) proves it from the kept checkpoint; and once the server's own check finds the record broken,
 * every published figure shows the break instead of numbers.
 */
describe('the track record in a real browser', () => {
  let e2e: E2E;
  let ids: string[];
  let kept: TTrackRecordCheckpoint;

  const verifyOn = async (page: Page, checkpoints?: string) => {
    if (checkpoints !== undefined) await page.locator('#checkpoints').fill(checkpoints);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForFunction(() => ['ok', 'broken', 'error'].includes(document.body.dataset.verdict ?? ''));
    return page.evaluate(() => document.body.dataset.verdict);
  };

  beforeAll(async () => {
    e2e = await startE2E();
    const engine = engineFor(e2e.server);
    ids = [];
    for (const slot of slots('2026-11-20T10:00:00Z', 3)) {
      const signal = await engine.runSlot(slot);
      if (!signal) throw new Error('no signal issued');
      await engine.resolveSignal(signal.id);
      ids.push(signal.id);
    }
    const head = await e2e.server.api<TTrackRecordHead>('GET', '/api/track-record/head');
    if (!head.body.data?.checkpoint) throw new Error('no checkpoint');
    kept = head.body.data.checkpoint;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the verifier page holds the intact record and recomputes every published figure', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/verify-track-record.html'));
    expect(await page.locator('#site').inputValue()).toBe(e2e.server.url);
    expect(await verifyOn(page, JSON.stringify(kept))).toBe('ok');
    expect(await page.locator('#figures-verdict').innerText()).toBe(
      "Every published figure recomputes from the record's 6 public entries.",
    );
    expect(await page.locator('#passed').textContent()).toContain('checkpoint #6');
  });

  it("a member's browser keeps the checkpoint it saw, then warns loudly and reports the rewrite", async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard'));
    await page.waitForFunction(() => localStorage.getItem('signalroom.trackRecordWitness') !== null);
    expect(await page.getByTestId('record-witness-alert').count()).toBe(0);

    await rewriteHistory(e2e.server.context.db, { keep: 3, signalId: ids[1] as string, coverTracks: true });

    await page.goto(e2e.url('/dashboard'));
    const alert = page.getByTestId('record-witness-alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Warning: this track record was rewritten');
    expect(await alert.innerText()).toContain(`Your browser kept checkpoint #6`);

    // The same browser's saved checkpoint fills the verifier page, which proves the rewrite from it.
    await page.goto(e2e.url('/verify-track-record.html'));
    expect(await page.locator('#checkpoints').inputValue()).toContain(kept.root);
    expect(await verifyOn(page)).toBe('broken');
    expect(await page.locator('#problems').innerText()).toContain(
      'entry #6 or one before it is not what the record signed',
    );

    const admin = await createMember(e2e.server.context.db, { role: 'admin' });
    const view = await e2e.server.api<TTrackRecordAdminView>('GET', '/api/admin/track-record', { token: admin.token });
    expect(view.body.data?.witnessReports.map((r) => r.checkpoint.root)).toEqual([kept.root]);
  });

  it('the verifier saved as one file proves the rewrite from a pasted checkpoint', async () => {
    const html = await (await fetch(e2e.url('/verify-track-record.html'))).text();
    const file = join(await mkdtemp(join(tmpdir(), 'sr-verifier-')), 'verifier.html');
    await writeFile(file, html);
    const { page } = await e2e.newPage();
    await page.goto(pathToFileURL(file).href);
    await page.locator('#site').fill(e2e.server.url);
    expect(await verifyOn(page, JSON.stringify(kept))).toBe('broken');
    expect(await page.locator('#verdict').innerText()).toBe('BROKEN: the record does not hold');
  });

  it("withholds every published figure once the server's own check finds the record broken", async () => {
    // (The server may have seen the rewrite already: it remembers the tree it checked. A changed signal
    // breaks the record whatever it saw.)
    await sql`update signals set entry_price = entry_price + 0.001 where id = ${ids[0] as string}`.execute(
      e2e.server.context.db,
    );
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, gold);

    await page.goto(e2e.url('/track-record'));
    await page.getByTestId('record-broken').waitFor();
    expect(await page.getByTestId('record-status').innerText()).toMatch(/Server check: record broken at #\d/);
    expect(await page.locator('[data-stat="first-window"]').count()).toBe(0);

    await page.goto(e2e.url('/'));
    await page.getByTestId('record-broken').waitFor();
    expect(await page.locator('[data-stat="win-first-window"]').count()).toBe(0);

    await page.goto(e2e.url('/dashboard/gold-room'));
    await page.getByTestId('gold-room').getByTestId('record-broken').waitFor();
    expect(await page.getByText('Longest losing streak').count()).toBe(0);

    await page.goto(e2e.url('/dashboard/signals'));
    await page.getByTestId('record-broken').first().waitFor();
    expect(await page.getByTestId('performance-stats').count()).toBe(0);
  });
});
