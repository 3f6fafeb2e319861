import { ActivationMessages, AuthMessages, type TDashboardCodeIssued, type TUser } from '@signalroom/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES, uploadProof, validProof } from '../../server/test/activation/activation-helpers.js';
import { type CreatedMember, createMember } from '../../server/test/helpers/factories.js';
import { FIRST_PAINT, LIVE, memberPages } from './dashboard.helpers.js';
import { type E2E, refusedRequest, startE2E } from './harness.js';

describe('activation end to end in a real browser', () => {
  let e2e: E2E;
  let admin: CreatedMember;
  const pages = memberPages(() => e2e);
  const open = pages.open;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createMember(e2e.server.context.db, { role: 'admin', tier: 'gold', fullName: 'Avery Admin' });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  afterEach(() => pages.closeAll());

  /** Marks the page so a later check can tell it was never reloaded. */
  async function markLoaded(page: Page) {
    await page.evaluate(() => {
      (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
    });
  }
  const stillSameLoad = (page: Page) =>
    page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad === true);

  const statusOf = (page: Page) => page.getByTestId('activation-status');
  /** Waits until the status block shows this state (none, pending, approved, rejected). */
  const waitForStatus = (page: Page, status: string, timeout: number = LIVE.timeout) =>
    page.waitForFunction(
      (wanted) => document.querySelector('[data-testid="activation-status"]')?.getAttribute('data-status') === wanted,
      status,
      { timeout },
    );
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  async function proofIdOf(member: CreatedMember): Promise<string> {
    const row = await e2e.server.context.db
      .selectFrom('activation_proofs')
      .select('id')
      .where('user_id', '=', member.user.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('a guest uploads a proof, an admin in another browser approves it as pro, the dashboard unlocks live', async () => {
    const guest = await createMember(e2e.server.context.db, { tier: 'guest', fullName: 'Gwen Guest' });
    const adminPage = await open(admin, '/dashboard/admin/activations');
    await adminPage.getByTestId('admin-activations').waitFor(FIRST_PAINT);
    await markLoaded(adminPage);

    const page = await open(guest, '/dashboard');
    await page.getByTestId('activation-view').waitFor(FIRST_PAINT);
    await markLoaded(page);
    await waitForStatus(page, 'none');
    expect(await statusOf(page).innerText()).toContain('No proof of deposit sent yet.');

    // 'Submit Proof' opens Account Setup at its last step, the upload form.
    await page.getByRole('link', { name: 'Submit Proof' }).click();
    await page.waitForURL('**/dashboard/account-setup?step=3');
    expect(await page.locator('#setup-step-title').innerText()).toBe('Verify & Activate');
    const form = page.getByTestId('proof-form');
    await form.waitFor();

    // The browser checks first: nothing chosen yet.
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    expect(await form.innerText()).toContain(ActivationMessages.brokerAccountRequired);
    expect(await form.innerText()).toContain(ActivationMessages.fileRequired);

    await form.getByLabel('Broker account ID').fill('BRK-E2E-55');
    await form.getByLabel('Access path').selectOption('manual');
    await form.getByLabel('Deposit amount (USD)').fill('180');
    await form
      .getByLabel('Proof of deposit')
      .setInputFiles({ name: 'deposit.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await page.getByTestId('proof-sent').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('proof-sent');
    await waitForStatus(page, 'pending');
    const pendingText = await statusOf(page).innerText();
    expect(pendingText).toMatch(/Under review since \d{2}:\d{2}/);
    expect(pendingText).toContain('$180');
    expect(pendingText).toContain('BRK-E2E-55');

    // The admin's queue shows it without a reload, with the member's details.
    const proofId = await proofIdOf(guest);
    const card = adminPage.getByTestId(`activation-${proofId}`);
    await card.waitFor(LIVE);
    const cardText = await card.innerText();
    for (const fact of ['Gwen Guest', guest.user.email, 'BRK-E2E-55', '$180', 'Manual Trading Access', 'deposit.png']) {
      expect(cardText).toContain(fact);
    }
    // The file opens for the admin (an image: shown inline from the authenticated download).
    await card.getByRole('button', { name: 'Open image' }).click();
    const image = card.getByRole('img', { name: /Proof of deposit sent by Gwen Guest/ });
    await image.waitFor();
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    // Back on the Command Center the status is there; the admin approves as Pro in the other browser.
    await page.getByRole('link', { name: 'Back to the Command Center' }).click();
    await page.getByTestId('activation-view').waitFor();
    expect(await statusOf(page).innerText()).toMatch(/Under review since/);
    await card.getByLabel('Tier to grant').selectOption('pro');
    await card.getByRole('button', { name: 'Approve as Pro' }).click();
    await card.waitFor({ state: 'detached', timeout: LIVE.timeout });
    expect(await adminPage.getByTestId('activations-notice').innerText()).toContain('Approved Gwen Guest as Pro');

    // The guest's dashboard turns into the member view without a reload.
    await page.getByTestId('active-view').waitFor(LIVE);
    expect(await stillSameLoad(page)).toBe(true);
    expect(await page.getByTestId('tier-badge').innerText()).toBe('PRO');
    expect(await stillSameLoad(adminPage)).toBe(true);

    const row = await e2e.server.context.db
      .selectFrom('users')
      .select(['tier', 'dashboard_unlocked', 'has_deposited'])
      .where('id', '=', guest.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ tier: 'pro', dashboard_unlocked: true, has_deposited: true });
    await e2e.server.smtp.waitFor((m) => m.to.includes(guest.user.email) && m.subject.includes('access is active'));
    expect(pages.problemsOf(page)).toEqual([]);
    expect(pages.problemsOf(adminPage)).toEqual([]);
  });

  it('a rejection shows its reason to the guest at once, who uploads another', async () => {
    const guest = await createMember(e2e.server.context.db, { tier: 'guest', fullName: 'Rory Retry' });
    const sent = await uploadProof(e2e.server, guest.token, validProof({ brokerAccount: 'BRK-R-1' }));
    expect(sent.status).toBe(201);
    const proofId = await proofIdOf(guest);

    const page = await open(guest, '/dashboard/account-setup?step=3', 390);
    await waitForStatus(page, 'pending', FIRST_PAINT.timeout);
    await markLoaded(page);
    // While one is pending the form waits behind a button.
    expect(await page.getByTestId('proof-form').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Replace the proof' }).count()).toBe(1);

    const adminPage = await open(admin, '/dashboard/admin/activations', 390);
    const card = adminPage.getByTestId(`activation-${proofId}`);
    await card.waitFor(FIRST_PAINT);
    expect(await overflow(adminPage)).toBeLessThanOrEqual(0);
    await card.getByRole('button', { name: 'Reject...' }).click();
    // A reason is required: the admin is told so and nothing is sent.
    await card.getByRole('button', { name: 'Confirm rejection' }).click();
    expect(await card.innerText()).toContain(ActivationMessages.reasonRequired);
    const reason = 'The screenshot does not show the amount';
    await card.getByLabel('Reason for the member').fill(reason);
    await card.getByRole('button', { name: 'Confirm rejection' }).click();
    await card.waitFor({ state: 'detached', timeout: LIVE.timeout });

    // The reason reaches the guest's open page live.
    await page.getByTestId('activation-reason').waitFor(LIVE);
    expect(await statusOf(page).innerText()).toContain(`Rejected: ${reason} — upload another`);
    expect(await stillSameLoad(page)).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // 'upload another' leads to the form (prefilled from the profile) and a new proof is pending again.
    await statusOf(page).getByRole('button', { name: 'upload another' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('proof-upload-title');
    const form = page.getByTestId('proof-form');
    expect(await form.getByLabel('Broker account ID').inputValue()).toBe('BRK-R-1');
    await form
      .getByLabel('Proof of deposit')
      .setInputFiles({ name: 'clear.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await waitForStatus(page, 'pending');

    // The approved and rejected lists keep the decision on record.
    await adminPage.getByRole('button', { name: 'Rejected' }).click();
    const history = adminPage.getByTestId(`activation-${proofId}`);
    await history.waitFor();
    expect(await history.innerText()).toContain(reason);
  });

  it('tells the server the file type from its bytes: a text file named .png is refused with the message', async () => {
    // The server refuses the disguised file with 400 (logged by Chromium); the page shows its message.
    e2e.allowConsole(refusedRequest(400, '/api/activation/proof'));
    const guest = await createMember(e2e.server.context.db, { tier: 'guest' });
    const page = await open(guest, '/dashboard/account-setup?step=3');
    const form = page.getByTestId('proof-form');
    await form.waitFor(FIRST_PAINT);
    await form.getByLabel('Broker account ID').fill('BRK-FAKE');
    await form.getByLabel('Deposit amount (USD)').fill('60');
    // A file whose type and name are neither an image nor a PDF is flagged the moment it is chosen.
    await form
      .getByLabel('Proof of deposit')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('my deposit') });
    await form.getByText(ActivationMessages.fileType).waitFor();
    expect(await form.getByLabel('Proof of deposit').getAttribute('aria-invalid')).toBe('true');
    await form
      .getByLabel('Proof of deposit')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await page.getByTestId('proof-failure').filter({ hasText: 'Upload a PNG, JPEG, WebP or PDF file' }).waitFor();
    await waitForStatus(page, 'none');
  });

  it('a dashboard code issued by an admin unlocks the guest from the Command Center', async () => {
    const guest = await createMember(e2e.server.context.db, { tier: 'guest', fullName: 'Cody Code' });
    const issued = await e2e.server.api<TDashboardCodeIssued>(
      'POST',
      `/api/admin/users/${guest.user.id}/dashboard-code`,
      {
        token: admin.token,
        body: { tier: 'silver' },
      },
    );
    const code = issued.body.data!.code;

    const page = await open(guest, '/dashboard', 360);
    await page.getByTestId('activation-view').waitFor(FIRST_PAINT);
    await markLoaded(page);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const form = page.getByTestId('access-code-form');
    await form.getByRole('button', { name: 'Unlock' }).click();
    expect(await page.getByTestId('access-code-error').innerText()).toBe(AuthMessages.dashboardCodeRequired);
    // The made-up code is refused with 400 (logged by Chromium); the page shows the server's message.
    e2e.allowConsole(refusedRequest(400, '/api/auth/validate-dashboard-code'));
    await form.getByLabel('Dashboard code').fill('ZZZZ-ZZZZ-ZZZZ');
    await form.getByLabel('Dashboard code').press('Enter');
    await page.getByTestId('access-code-error').filter({ hasText: AuthMessages.dashboardCodeInvalid }).waitFor();
    expect(await form.getByLabel('Dashboard code').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Dashboard code').fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Unlock' }).click();
    await page.getByTestId('active-view').waitFor(LIVE);
    expect(await stillSameLoad(page)).toBe(true);
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('signalroom.userData'))) ?? '{}',
    ) as TUser;
    expect(stored).toMatchObject({ tier: 'silver', dashboardUnlocked: true });
  });
});
