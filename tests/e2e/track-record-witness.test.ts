import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TTrackRecordAdminView, TTrackRecordSummary } from '@signalroom/shared';
import { appendUnrecordedSignals, attachRecordLog, recordKeyringOf } from '@signalroom/shared-node';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { pollUntil } from '../../server/test/helpers/wait-for.js';
import { createWitnessedLog, issueSignalNow, type WitnessedLog } from '../../server/test/helpers/witnessed-log.js';
import { signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

/**
 * The witnessed track record in a real browser, with a real witness: every visitor, first visit or
 * not, sees that the record is witnessed and by whom, at both widths, on the landing page, in the room
 * and on /track-record; the standalone verifier page (served, and saved to disk) checks the record
 * trusting the witness and recomputes every figure. Then history is rewritten as an operator who holds
 * the database and the key would: the figures are withheld on every page with the reason, a member's
 * browser that kept a cosigned checkpoint warns and reports it, and the verifier fails it.
 */
const WIDTHS = [1280, 390] as const;

describe('the witnessed track record in a real browser', () => {
  let log: WitnessedLog;
  let e2e: E2E;
  let ids: string[];

  const verifyOn = async (page: Page) => {
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForFunction(() => ['ok', 'broken', 'error'].includes(document.body.dataset.verdict ?? ''));
    return page.evaluate(() => document.body.dataset.verdict);
  };

  beforeAll(async () => {
    log = await createWitnessedLog({ witnesses: 1 });
    e2e = await startE2E(log.env);
    ids = [await issueSignalNow(e2e.server, 2000), await issueSignalNow(e2e.server, 2000)];
    await pollUntil(
      async () => {
        const summary = (await e2e.server.api<TTrackRecordSummary>('GET', '/api/track-record/summary')).body.data;
        return summary?.counted.counted === 2 && summary.stats !== null;
      },
      { timeoutMs: 20_000, message: 'the two signals were not counted' },
    );
  });
  afterAll(async () => {
    await e2e?.close();
    await log?.cleanup();
  });

  it('tells every visitor that the record is witnessed, and by whom, at both widths', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    for (const width of WIDTHS) {
      const { context, page } = await e2e.newPage({ width });
      await page.goto(e2e.url('/'));
      const landing = page.locator('[data-testid="record-witnessing"][data-state="witnessed"]');
      await landing.waitFor();
      expect(await landing.innerText()).toContain('Witnessed by 1 of 1 independent witnesses, latest at');

      await page.goto(e2e.url('/track-record'));
      const banner = page.locator('[data-testid="record-witnessing"][data-state="witnessed"]');
      await banner.waitFor();
      await banner.getByText('Who witnesses this record').click();
      expect(await banner.innerText()).toContain(log.witnesses[0]?.verifierKey ?? 'missing');
      expect(await page.getByTestId('counted-signals').innerText()).toBe('2');
      // Every slot is accounted for, counted from the slot ledger.
      expect(await page.getByTestId('slot-counts').innerText()).toMatch(/^\d+ slots? in the last 24 hours/);

      await signInBrowser(context, gold);
      await page.goto(e2e.url('/dashboard/signals'));
      await page.locator('[data-testid="record-witnessing"][data-state="witnessed"]').waitFor();
      await page.screenshot({ path: join(tmpdir(), `record-witnessed-${width}.png`) });
    }
  });

  it('the verifier page checks the record trusting the witness and recomputes every figure', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/verify-track-record.html'));
    expect(await page.locator('#site').inputValue()).toBe(e2e.server.url);
    await page.waitForFunction(() => (document.getElementById('witnesses') as HTMLTextAreaElement).value !== '');
    expect(await verifyOn(page)).toBe('ok');
    expect(await page.locator('#figures-verdict').innerText()).toBe(
      'Every published figure recomputes from the 2 signals the witnesses vouch for.',
    );
    expect(await page.locator('#passed').textContent()).toContain('the latest checkpoint is cosigned by');
    // The cosigned checkpoints were checked on the page's second thread (the site's policy lets it start).
    expect(await page.evaluate(() => document.body.dataset.checkpointThread)).toBe('worker');
  });

  it('withholds every figure with the reason once history is rewritten, and the browser that kept a checkpoint warns', async () => {
    const gold = await createMember(e2e.server.context.db, { tier: 'gold' });
    const { context, page } = await e2e.newPage();
    await signInBrowser(context, gold);
    await page.goto(e2e.url('/dashboard/signals'));
    await page.waitForFunction(() => localStorage.getItem('signalroom.trackRecordWitness') !== null);
    const kept = (await page.evaluate(() => localStorage.getItem('signalroom.trackRecordWitness'))) ?? '';

    // The operator's own tool, with the database and the key: truncate after the first signal, flip the
    // second one's outcome, erase the cosignatures, append it all again re-signed.
    const db = e2e.server.context.db;
    const attacker = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    });
    attachRecordLog(attacker, { keyring: await recordKeyringOf(db), payoutPercent: 80 });
    const keep = await db
      .selectFrom('track_record_chain')
      .select('seq')
      .where('signal_id', '=', ids[0] as string)
      .where('kind', '=', 'outcome')
      .executeTakeFirstOrThrow();
    const tables = ['track_record_chain', 'track_record_notes', 'track_record_cosignatures', 'signals'];
    for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger all`.execute(db);
    await sql`delete from track_record_cosignatures`.execute(db);
    await sql`delete from track_record_notes`.execute(db);
    await sql`delete from track_record_chain where seq > ${keep.seq}`.execute(db);
    await sql`update signals set outcome = 'profit', status = 'closed', resolved_level = 0, active_level = 0
      where id = ${ids[1] as string}`.execute(db);
    for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger all`.execute(db);
    await appendUnrecordedSignals(attacker, new Date());

    await page.goto(e2e.url('/dashboard/signals'));
    const alert = page.getByTestId('record-witness-alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Warning: this track record was rewritten');

    for (const width of WIDTHS) {
      const visitor = await e2e.newPage({ width });
      await visitor.page.goto(e2e.url('/'));
      await visitor.page.getByTestId('record-broken').waitFor();
      const withheld = visitor.page.locator('[data-testid="record-witnessing"][data-state="withheld"]');
      await withheld.waitFor();
      expect(await withheld.innerText()).toContain('Figures withheld');
      expect(await visitor.page.locator('[data-stat="win-first-window"]').count()).toBe(0);
      await visitor.page.goto(e2e.url('/track-record'));
      await visitor.page.locator('[data-testid="record-witnessing"][data-state="withheld"]').waitFor();
      expect(await visitor.page.locator('[data-stat="first-window"]').count()).toBe(0);
      await visitor.page.screenshot({ path: join(tmpdir(), `record-withheld-${width}.png`) });
    }

    // The verifier saved as one file, given the checkpoint the browser kept, fails the rewritten record.
    const html = await (await fetch(e2e.url('/verify-track-record.html'))).text();
    const file = join(await mkdtemp(join(tmpdir(), 'sr-verifier-')), 'verifier.html');
    await writeFile(file, html);
    const saved = await e2e.newPage();
    await saved.page.goto(pathToFileURL(file).href);
    await saved.page.locator('#site').fill(e2e.server.url);
    await saved.page.locator('#witnesses').fill(log.witnesses[0]?.verifierKey ?? '');
    await saved.page.locator('#checkpoints').fill((JSON.parse(kept) as { note: string }).note);
    expect(await verifyOn(saved.page)).toBe('broken');
    expect(await saved.page.locator('#verdict').innerText()).toBe('BROKEN: the record does not hold');
    expect(await saved.page.evaluate(() => document.body.dataset.checkpointThread)).toBe('worker');

    const admin = await createMember(db, { role: 'admin' });
    const view = await e2e.server.api<TTrackRecordAdminView>('GET', '/api/admin/track-record', { token: admin.token });
    expect(view.body.data?.witnessReports.length).toBe(1);
  });
});
