import { offerDeadlineClaim, type TCountdown } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURED_CONTACTS, type E2E, refusedRequest, startE2E, uniqueEmail } from './harness.js';

describe('journey: bot-access application', () => {
  let e2e: E2E;
  beforeAll(async () => {
    // Rate limits on: the last journey meets the real per-address limit.
    e2e = await startE2E({ RATE_LIMITS: 'true', ...CONFIGURED_CONTACTS });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('answers the 12 questions with both conditional ones, submits and sees the success page', async () => {
    const { page, context } = await e2e.newPage({ width: 390, height: 844 });
    const email = uniqueEmail('lead');
    await page.goto(e2e.url('/bot-access'));
    await page.getByRole('heading', { name: 'Apply for AI Bot Access' }).waitFor();
    expect(await page.getByTestId('bot-access-countdown').innerText()).toMatch(/^(\d\d:\d\d:\d\d|--:--:--)$/);

    // Questions 8 and 11 are hidden until their yes answers.
    expect(await page.locator('[data-question="8"]').count()).toBe(0);
    expect(await page.locator('[data-question="11"]').count()).toBe(0);

    await page.getByLabel('What is your full name?').fill('Lead Person');
    await page.getByLabel('Country code', { exact: true }).selectOption('+233');
    await page.getByLabel('What is your WhatsApp phone number?').fill('24 123 4567');
    await page.getByLabel('What is your email address?').fill(email);
    const q = (n: number) => page.locator(`[data-question="${n}"]`);
    await q(4).getByLabel('Yes').check();
    await q(5).getByLabel("Not yet, but I'm ready to fund it now").check();
    await q(6).getByLabel('Maybe').check();
    await q(7).getByLabel('Yes').check();
    await page.getByLabel('Roughly how much have you lost?').fill('$250');
    await q(9).getByLabel('For auto-trading (hands-free)').check();
    await q(10).getByLabel('Yes').check();
    await page.getByLabel('Call country code').selectOption('+44');
    await page.getByLabel('Which number should we call?').fill('7700 900123');
    await q(12).getByLabel("I'll complete everything today").check();
    expect(await page.locator('[data-question]').count()).toBe(12);

    await page.getByRole('button', { name: 'Submit Form & Get AI Access' }).click();
    await page.waitForURL('**/bot-access/success');
    await page.getByRole('heading', { name: "You're Almost There!" }).waitFor();

    const row = await e2e.server.context.db
      .selectFrom('bot_access_submissions')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      full_name: 'Lead Person',
      country_code: '+233',
      phone_number: '+233241234567',
      loss_amount: '$250',
      call_country_code: '+44',
      call_number: '+447700900123',
      usage_method: 'auto',
      ready_to_start: 'today',
      status: 'new',
    });

    // Success page: links of the operator settings, opening in new tabs without an opener.
    const config = e2e.server.config;
    const broker = page.getByRole('link', { name: /Create My Trading Account/ });
    await broker.waitFor();
    expect(await broker.getAttribute('href')).toBe(config.BROKER_REGISTRATION_URL);
    expect(await broker.getAttribute('target')).toBe('_blank');
    expect(await broker.getAttribute('rel')).toContain('noopener');
    expect(await page.getByRole('link', { name: /Watch Video Guide/ }).getAttribute('href')).toBe(
      config.BROKER_REGISTRATION_URL,
    );
    expect(await page.getByRole('link', { name: /Message Support/ }).getAttribute('href')).toBe(config.supportChatUrl);
    expect(await page.getByRole('link', { name: /Register for the Bootcamp/ }).getAttribute('href')).toBe(
      config.BOOTCAMP_URL,
    );
    const text = await page.locator('main').innerText();
    expect(text).toContain(config.promoCode);
    expect(text).toContain('$50');
    expect(text).toContain('6 to 12 hours');
    // The red notice follows the real deadline: "today" only when it falls today in the reader's zone (the
    // browser's, which the journeys set to the business's).
    const countdown = (await e2e.server.api<TCountdown>('GET', '/api/countdown')).body.data as TCountdown;
    const claim = offerDeadlineClaim(
      countdown.deadline ? new Date(countdown.deadline) : null,
      countdown.ended,
      new Date(),
      config.TIME_ZONE,
    );
    expect(text).toContain(claim.kind === 'today' ? 'This offer ends today' : 'This offer ends on');
    for (const a of await page.locator('a[target="_blank"]').all()) {
      expect(await a.getAttribute('rel')).toContain('noopener');
    }
    await context.close();
  });

  /** The text of the next alert, accepted as soon as it opens (an open alert blocks the page). */
  function nextAlert(page: import('playwright-core').Page): Promise<string> {
    return new Promise((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
  }

  async function fillValidForm(page: import('playwright-core').Page) {
    const q = (n: number) => page.locator(`[data-question="${n}"]`);
    await page.getByLabel('What is your full name?').fill('Lead Person');
    await page.getByLabel('What is your WhatsApp phone number?').fill('8012345678');
    await page.getByLabel('What is your email address?').fill(uniqueEmail('refused'));
    await q(4).getByLabel('No').check();
    await q(5).getByLabel("Yes, I've funded it").check();
    await q(6).getByLabel('Yes').check();
    await q(7).getByLabel('No').check();
    await q(9).getByLabel('Both').check();
    await q(10).getByLabel('No').check();
    await q(12).getByLabel("I'm ready now").check();
  }

  it('alerts the network message when the server cannot be reached, and stays on the form', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/bot-access'));
    await fillValidForm(page);
    // Chromium logs the cut-off call; the page alerts the visitor.
    e2e.allowConsole(
      /^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(.*\/api\/bot-access\/submit\)$/,
    );
    await page.route('**/api/bot-access/submit', (route) => route.abort('internetdisconnected'));
    const message = nextAlert(page);
    await page.getByRole('button', { name: 'Submit Form & Get AI Access' }).click();
    expect(await message).toBe('An error occurred while submitting the form. Please try again.');
    // Busy state cleared, still editing.
    await page.getByRole('button', { name: 'Submit Form & Get AI Access' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Form & Get AI Access' }).isDisabled()).toBe(false);
    expect(page.url()).toMatch(/\/bot-access$/);
  });

  it("alerts the server's message when the server refuses (rate limit of 10 an hour per address)", async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/bot-access'));
    await fillValidForm(page);
    // Use up this address's allowance through the real API (the first journey used one already).
    for (let i = 0; i < 10; i++) {
      const r = await e2e.server.api('POST', '/api/bot-access/submit', {
        body: {
          fullName: 'Filler',
          countryCode: '+234',
          phoneNumber: '+2348012345678',
          email: uniqueEmail('filler'),
          hasAccount: 'no',
          hasFunded: 'no',
          canAfford: 'no',
          hasLostMoney: 'no',
          lossAmount: '',
          usageMethod: 'manual',
          wantsCall: 'no',
          callCountryCode: '+234',
          callNumber: '',
          readyToStart: 'unsure',
        },
      });
      if (r.status === 429) break;
    }
    // The rate limit's 429 is the point (Chromium logs it); the page alerts the server's message.
    e2e.allowConsole(refusedRequest(429, '/api/bot-access/submit'));
    const message = nextAlert(page);
    await page.getByRole('button', { name: 'Submit Form & Get AI Access' }).click();
    expect(await message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect(page.url()).toMatch(/\/bot-access$/);
  });
});
