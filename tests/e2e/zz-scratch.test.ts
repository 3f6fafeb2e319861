import { afterAll, beforeAll, describe, it } from 'vitest';
import { createMember } from '../../server/test/helpers/factories.js';
import { FIRST_PAINT, issueSignal, signInBrowser } from './dashboard.helpers.js';
import { type E2E, startE2E } from './harness.js';

describe('scratch', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });
  it('shots', async () => {
    const admin = await createMember(e2e.server.context.db, { role: 'admin', tier: 'gold', fullName: 'Avery Administrator' });
    const silver = await createMember(e2e.server.context.db, { tier: 'silver', fullName: 'Samuel Silverstone' });
    for (let i = 1; i <= 3; i++) await issueSignal(e2e.server, { asset: 'GBP/USD', signalType: 'sell', confidence: 70, entryPrice: 1.25, slotsAgo: i * 2 }, i);
    const shots: Array<[typeof admin, string, number, number]> = [
      [admin, '/dashboard/admin/users', 1280, 800],
      [admin, '/dashboard/admin', 1280, 800],
      [silver, '/dashboard/signals', 1280, 800],
      [silver, '/bot-access', 390, 844],
      [silver, '/dashboard/support', 390, 844],
    ];
    for (const [who, path, width, height] of shots) {
      const { context, page } = await e2e.newPage({ width, height });
      await signInBrowser(context, who);
      await page.goto(e2e.url(path));
      await page.waitForTimeout(4000);
      await page.screenshot({ path: `.test-data/scratch${path.replaceAll('/', '-')}-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});
