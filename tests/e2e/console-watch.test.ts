import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E, watchConsole } from './harness.js';

// The harness fails every journey on a console error or an uncaught page error: this proves the watch
// sees both, and that an allowance lets through only what it names.
describe('the browser journeys’ console watch', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('catches a console error and an uncaught page error, and lets an allowed line through', async () => {
    const { page } = await e2e.newPage();
    // The journey's own watch allows what this test provokes; a second watch, without allowance, must see it.
    e2e.allowConsole(/provoked on purpose/);
    const strict = watchConsole();
    strict.attach(page, []);
    const lenient = watchConsole();
    lenient.attach(page, [/provoked on purpose/]);
    await page.goto(e2e.url('/login'));
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await page.evaluate(() => {
      console.error('a console error provoked on purpose');
      setTimeout(() => {
        throw new Error('a page error provoked on purpose');
      });
    });
    // What the strict watch reports, gathered over its checks (the page error comes a moment later).
    let reported = '';
    const gather = () => {
      try {
        strict.check();
      } catch (error) {
        reported += `${(error as Error).message}\n`;
      }
      return reported;
    };
    await expect.poll(gather).toMatch(/console\.error: a console error provoked on purpose/);
    await expect.poll(gather).toMatch(/pageerror: a page error provoked on purpose/);
    expect(() => lenient.check()).not.toThrow();
  });
});
