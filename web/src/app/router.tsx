import { PAGES } from '@signalroom/shared';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppLoading, AppShell } from './app-shell.js';
import { RouteError } from './route-error.js';

/**
 * Every route of the product, at the addresses of the page table (child routes take the full path, which
 * React Router accepts when it starts with the parent's). Pages load lazily so the landing page ships without the dashboard,
 * socket and form code.
 */
const routes: RouteObject[] = [
  { path: PAGES.landing.path, lazy: () => import('../pages/landing/landing.page.js'), errorElement: <RouteError /> },
  { path: PAGES.signup.path, lazy: () => import('../pages/signup/signup.page.js'), errorElement: <RouteError /> },
  { path: PAGES.login.path, lazy: () => import('../pages/login/login.page.js'), errorElement: <RouteError /> },
  {
    path: PAGES['forgot-password'].path,
    lazy: () => import('../pages/forgot-password/forgot-password.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: PAGES['reset-password'].path,
    lazy: () => import('../pages/reset-password/reset-password.page.js'),
    errorElement: <RouteError />,
  },
  { path: PAGES.setup.path, lazy: () => import('../pages/setup/setup.page.js'), errorElement: <RouteError /> },
  {
    path: PAGES['bot-access-application'].path,
    lazy: () => import('../pages/bot-access/bot-access.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: PAGES['bot-access-success'].path,
    lazy: () => import('../pages/bot-access-success/bot-access-success.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: PAGES['track-record'].path,
    lazy: () => import('../pages/track-record/track-record.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: PAGES.strategy.path,
    lazy: () => import('../pages/strategy/strategy.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: PAGES.unsubscribe.path,
    lazy: () => import('../pages/unsubscribe/unsubscribe.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: PAGES['dev-outbox'].path,
    lazy: () => import('../pages/dev-outbox/dev-outbox.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: PAGES['command-center'].path,
    lazy: () => import('./dashboard/dashboard-layout.js'),
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('../pages/command-center/command-center.page.js') },
      { path: PAGES.signals.path, lazy: () => import('../pages/signal-room/signal-room.page.js') },
      { path: PAGES.upgrade.path, lazy: () => import('../pages/upgrade/upgrade.page.js') },
      { path: PAGES['bot-access'].path, lazy: () => import('../pages/ai-bot/ai-bot.page.js') },
      { path: PAGES['gold-room'].path, lazy: () => import('../pages/gold-room/gold-room.page.js') },
      { path: PAGES['platinum-stream'].path, lazy: () => import('../pages/platinum-stream/platinum-stream.page.js') },
      { path: PAGES.desk.path, lazy: () => import('../pages/desk/desk.page.js') },
      { path: PAGES['connect-tools'].path, lazy: () => import('../pages/connect-tools/connect-tools.page.js') },
      {
        // Every admin screen, behind one check of the member's role.
        path: PAGES['admin-overview'].path,
        lazy: () => import('./dashboard/admin-outlet.js'),
        children: [
          { index: true, lazy: () => import('../pages/admin-overview/admin-overview.page.js') },
          { path: PAGES['admin-users'].path, lazy: () => import('../pages/admin-users/admin-users.page.js') },
          { path: PAGES['admin-member'].path, lazy: () => import('../pages/admin-member/admin-member.page.js') },
          { path: PAGES['admin-audit'].path, lazy: () => import('../pages/admin-audit/admin-audit.page.js') },
          {
            path: PAGES['admin-applications'].path,
            lazy: () => import('../pages/admin-applications/admin-applications.page.js'),
          },
          { path: PAGES['admin-content'].path, lazy: () => import('../pages/admin-content/admin-content.page.js') },
          { path: PAGES['admin-offer'].path, lazy: () => import('../pages/admin-offer/admin-offer.page.js') },
          { path: PAGES['admin-settings'].path, lazy: () => import('../pages/admin-settings/admin-settings.page.js') },
          {
            path: PAGES['admin-activations'].path,
            lazy: () => import('../pages/admin-activations/admin-activations.page.js'),
          },
          { path: PAGES['admin-support'].path, lazy: () => import('../pages/admin-support/admin-support.page.js') },
          {
            path: PAGES['admin-deliveries'].path,
            lazy: () => import('../pages/admin-deliveries/admin-deliveries.page.js'),
          },
        ],
      },
      { path: PAGES['account-setup'].path, lazy: () => import('../pages/account-setup/account-setup.page.js') },
      { path: PAGES.settings.path, lazy: () => import('../pages/settings/settings.page.js') },
      { path: PAGES.support.path, lazy: () => import('../pages/support/support.page.js') },
      { path: PAGES.mentorship.path, lazy: () => import('../pages/mentorship/mentorship.page.js') },
      { path: PAGES.community.path, lazy: () => import('../pages/community/community.page.js') },
      { path: PAGES['copy-trading'].path, lazy: () => import('../pages/copy-trading/copy-trading.page.js') },
      { path: '*', lazy: () => import('../pages/not-yet/not-yet.page.js') },
    ],
  },
  { path: '*', lazy: () => import('../pages/not-found/not-found.page.js') },
];

/**
 * One root around every route: it keeps the tab title and focus in step with the page, and shows a
 * loading line while the first page's code arrives.
 */
const router = createBrowserRouter([
  { Component: AppShell, HydrateFallback: AppLoading, errorElement: <RouteError />, children: routes },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
