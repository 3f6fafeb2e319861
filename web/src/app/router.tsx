import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppLoading, AppShell } from './app-shell.js';
import { RouteError } from './route-error.js';

/**
 * Every route of the product. Pages load lazily so the landing page ships without the dashboard,
 * socket and form code.
 */
const routes: RouteObject[] = [
  { path: '/', lazy: () => import('../pages/landing/landing.page.js'), errorElement: <RouteError /> },
  { path: '/signup', lazy: () => import('../pages/signup/signup.page.js'), errorElement: <RouteError /> },
  { path: '/login', lazy: () => import('../pages/login/login.page.js'), errorElement: <RouteError /> },
  {
    path: '/forgot-password',
    lazy: () => import('../pages/forgot-password/forgot-password.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: '/reset-password',
    lazy: () => import('../pages/reset-password/reset-password.page.js'),
    errorElement: <RouteError />,
  },
  { path: '/bot-access', lazy: () => import('../pages/bot-access/bot-access.page.js'), errorElement: <RouteError /> },
  {
    path: '/bot-access/success',
    lazy: () => import('../pages/bot-access-success/bot-access-success.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: '/track-record',
    lazy: () => import('../pages/track-record/track-record.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: '/strategy',
    lazy: () => import('../pages/strategy/strategy.page.js'),
    errorElement: <RouteError />,
  },
  {
    path: '/unsubscribe',
    lazy: () => import('../pages/unsubscribe/unsubscribe.page.js'),
    errorElement: <RouteError />,
  },
  { path: '/dev/outbox', lazy: () => import('../pages/dev-outbox/dev-outbox.page.js'), errorElement: <RouteError /> },
  {
    path: '/dashboard',
    lazy: () => import('./dashboard/dashboard-layout.js'),
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('../pages/command-center/command-center.page.js') },
      { path: 'signals', lazy: () => import('../pages/signal-room/signal-room.page.js') },
      { path: 'upgrade', lazy: () => import('../pages/upgrade/upgrade.page.js') },
      { path: 'bot-access', lazy: () => import('../pages/ai-bot/ai-bot.page.js') },
      { path: 'gold-room', lazy: () => import('../pages/gold-room/gold-room.page.js') },
      { path: 'platinum-stream', lazy: () => import('../pages/platinum-stream/platinum-stream.page.js') },
      { path: 'desk', lazy: () => import('../pages/desk/desk.page.js') },
      {
        // Every admin screen, behind one check of the member's role.
        path: 'admin',
        lazy: () => import('./dashboard/admin-outlet.js'),
        children: [
          { index: true, lazy: () => import('../pages/admin-overview/admin-overview.page.js') },
          { path: 'users', lazy: () => import('../pages/admin-users/admin-users.page.js') },
          { path: 'users/:id', lazy: () => import('../pages/admin-member/admin-member.page.js') },
          { path: 'audit', lazy: () => import('../pages/admin-audit/admin-audit.page.js') },
          { path: 'applications', lazy: () => import('../pages/admin-applications/admin-applications.page.js') },
          { path: 'content', lazy: () => import('../pages/admin-content/admin-content.page.js') },
          { path: 'offer', lazy: () => import('../pages/admin-offer/admin-offer.page.js') },
          { path: 'activations', lazy: () => import('../pages/admin-activations/admin-activations.page.js') },
          { path: 'support', lazy: () => import('../pages/admin-support/admin-support.page.js') },
          { path: 'deliveries', lazy: () => import('../pages/admin-deliveries/admin-deliveries.page.js') },
        ],
      },
      { path: 'account-setup', lazy: () => import('../pages/account-setup/account-setup.page.js') },
      { path: 'settings', lazy: () => import('../pages/settings/settings.page.js') },
      { path: 'support', lazy: () => import('../pages/support/support.page.js') },
      { path: 'mentorship', lazy: () => import('../pages/mentorship/mentorship.page.js') },
      { path: 'community', lazy: () => import('../pages/community/community.page.js') },
      { path: 'copy-trading', lazy: () => import('../pages/copy-trading/copy-trading.page.js') },
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
