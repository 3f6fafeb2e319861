/**
 * The admin console's screens for `npm run screenshots`: overview, applications and content, each
 * ready, loading, empty and failing (the failing and loading ones hold or break the screen's own call).
 */
import { toBotAccessSubmission } from '@signalroom/shared';
import { VALID_BOT_ACCESS_FORM } from '@signalroom/shared/test-data';
import type { Page } from 'playwright-core';
import type { TestServer } from '../server/test/helpers/test-server.js';

interface ConsoleShot {
  name: string;
  path: string;
  as: 'admin';
  widths: readonly number[];
  intercept?: (page: Page) => Promise<void>;
  prepare?: (page: Page) => Promise<void>;
}

/** Phone (the narrowest supported), a common phone and desktop. */
const CONSOLE_WIDTHS = [360, 390, 1280] as const;

/** A few applications in different states, so the list and the detail have something to show. */
export async function seedApplications(server: TestServer, adminToken: string): Promise<void> {
  const people = [
    { fullName: 'Chidi Okafor', email: 'chidi@example.com', phoneNumber: '803 555 0101' },
    { fullName: 'Amara Nwosu', email: 'amara@example.com', phoneNumber: '803 555 0102' },
    { fullName: 'Tunde Bello', email: 'tunde@example.com', phoneNumber: '803 555 0103' },
  ];
  for (const [i, person] of people.entries()) {
    const posted = await server.api<{ id: string }>('POST', '/api/bot-access/submit', {
      body: toBotAccessSubmission({ ...VALID_BOT_ACCESS_FORM, ...person }),
    });
    if (i === 0 && posted.body.data) {
      await server.api('PATCH', `/api/bot-access/submissions/${posted.body.data.id}/status`, {
        token: adminToken,
        body: { status: 'contacted', notes: 'Called, funding this evening.' },
      });
    }
  }
}

/** Holds a call forever (the screen stays in its loading state). */
const hold = (pattern: string) => async (page: Page) => {
  await page.route(pattern, () => {
    // Never answered: the picture shows the loading state.
  });
};
/** Answers a call with a server failure. */
const fail = (pattern: string) => async (page: Page) => {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'Something went wrong on our side. Please try again.',
        error: { code: 'internal' },
        timestamp: new Date().toISOString(),
      }),
    }),
  );
};

export function adminConsoleShots(): ConsoleShot[] {
  const shot = (s: Omit<ConsoleShot, 'as' | 'widths'>): ConsoleShot => ({ as: 'admin', widths: CONSOLE_WIDTHS, ...s });
  return [
    shot({ name: 'admin-overview', path: '/dashboard/admin' }),
    shot({ name: 'admin-overview-loading', path: '/dashboard/admin', intercept: hold('**/api/admin/overview') }),
    shot({ name: 'admin-overview-error', path: '/dashboard/admin', intercept: fail('**/api/admin/overview') }),
    shot({
      name: 'admin-applications',
      path: '/dashboard/admin/applications',
      prepare: async (p) => {
        await p.getByTestId('application-row').first().click();
        await p.getByTestId('application-detail').waitFor();
      },
    }),
    shot({
      name: 'admin-applications-loading',
      path: '/dashboard/admin/applications',
      intercept: hold('**/api/bot-access/submissions?*'),
    }),
    shot({
      name: 'admin-applications-empty',
      path: '/dashboard/admin/applications',
      prepare: async (p) => {
        await p.getByLabel('Status', { exact: true }).first().selectOption('rejected');
        await p.getByTestId('applications-empty').waitFor();
      },
    }),
    shot({
      name: 'admin-applications-error',
      path: '/dashboard/admin/applications',
      intercept: fail('**/api/bot-access/submissions?*'),
    }),
    shot({ name: 'admin-content', path: '/dashboard/admin/content' }),
    shot({
      name: 'admin-content-invalid',
      path: '/dashboard/admin/content',
      prepare: async (p) => {
        const editor = p.getByTestId('links-editor');
        await editor.getByLabel('Support chat link').fill('t.me/desk');
        await editor.getByRole('button', { name: 'Save' }).click();
        await editor.getByText('Enter a full link starting with https://.').waitFor();
      },
    }),
    shot({ name: 'admin-content-loading', path: '/dashboard/admin/content', intercept: hold('**/api/admin/content') }),
    shot({ name: 'admin-content-error', path: '/dashboard/admin/content', intercept: fail('**/api/admin/content') }),
  ];
}
