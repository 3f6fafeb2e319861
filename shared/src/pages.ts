/**
 * Who may open a page:
 * - `public`: anyone, signed in or not;
 * - `development`: anyone, and only while the server runs outside production;
 * - `member`: any signed-in member, whatever their tier;
 * - `trial`: a member with live access, or one whose trial of delayed signals is running;
 * - `live`: a member whose account is activated (dashboard unlocked and a paid tier);
 * - `gold`: a gold member;
 * - `analyst`: an analyst (the analyst desk);
 * - `admin`: an admin.
 * Admins may open every page.
 */
export type PageAccess = 'public' | 'development' | 'member' | 'trial' | 'live' | 'gold' | 'analyst' | 'admin';

/** One page of the product. */
export interface PageEntry {
  /** The address, as the browser router matches it (`:name` for a parameter). */
  readonly path: string;
  /** The page's title (header and browser tab); null where the product name alone stands. */
  readonly title: string | null;
  /** The label of its link in a navigation list (sidebar, admin console, header), where it has one. */
  readonly navLabel?: string;
  readonly access: PageAccess;
  /** Listed in the sitemap for search engines. */
  readonly inSitemap?: boolean;
}

/**
 * The landing page, also on its own: its separate build (no router) takes its title without carrying
 * the whole table.
 */
export const LANDING_PAGE = { path: '/', title: null, access: 'public', inSitemap: true } as const satisfies PageEntry;

/**
 * Every page of the product, once: its address, title, navigation label and who may see it. The
 * browser router, the navigation lists, the page titles, the sitemap, the links in e-mails and
 * notifications, and the locked-page rules all read from here.
 */
export const PAGES = {
  landing: LANDING_PAGE,
  signup: { path: '/signup', title: 'Apply for free access', access: 'public', inSitemap: true },
  login: { path: '/login', title: 'Log in', access: 'public', inSitemap: true },
  'forgot-password': { path: '/forgot-password', title: 'Forgot password', access: 'public' },
  'reset-password': { path: '/reset-password', title: 'Reset password', access: 'public' },
  'bot-access-application': {
    path: '/bot-access',
    title: 'Apply for AI Bot Access',
    access: 'public',
    inSitemap: true,
  },
  'bot-access-success': { path: '/bot-access/success', title: "You're almost there", access: 'public' },
  'track-record': { path: '/track-record', title: 'Track record', access: 'public', inSitemap: true },
  strategy: { path: '/strategy', title: 'How the signals are made', access: 'public', inSitemap: true },
  unsubscribe: { path: '/unsubscribe', title: 'Signal e-mails', access: 'public' },
  'dev-outbox': { path: '/dev/outbox', title: 'Development outbox', access: 'development' },
  setup: { path: '/setup', title: 'Set up', access: 'public' },

  'command-center': { path: '/dashboard', title: 'Command Center', navLabel: 'Command Center', access: 'member' },
  signals: { path: '/dashboard/signals', title: 'Elite Signal Room', navLabel: 'Neural Signals', access: 'trial' },
  'copy-trading': {
    path: '/dashboard/copy-trading',
    title: 'Auto-Copy System',
    navLabel: 'Auto-Copy System',
    access: 'live',
  },
  'bot-access': { path: '/dashboard/bot-access', title: 'AI Bot Access', navLabel: 'AI Bot Access', access: 'gold' },
  mentorship: { path: '/dashboard/mentorship', title: 'Master Vault', navLabel: 'Master Vault', access: 'live' },
  community: { path: '/dashboard/community', title: 'Elite Network', navLabel: 'Elite Network', access: 'live' },
  'account-setup': {
    path: '/dashboard/account-setup',
    title: 'Account Setup',
    navLabel: 'Account Setup',
    access: 'member',
  },
  upgrade: { path: '/dashboard/upgrade', title: 'Upgrade Portal', navLabel: 'Upgrade Portal', access: 'member' },
  settings: {
    path: '/dashboard/settings',
    title: 'Elite Account Settings',
    navLabel: 'Profile Settings',
    access: 'member',
  },
  support: { path: '/dashboard/support', title: 'Support Hub', navLabel: 'Support Hub', access: 'member' },
  'gold-room': { path: '/dashboard/gold-room', title: 'Gold Room', access: 'gold' },
  'platinum-stream': { path: '/dashboard/platinum-stream', title: 'Platinum Stream', access: 'gold' },
  desk: { path: '/dashboard/desk', title: 'Analyst desk', navLabel: 'Desk', access: 'analyst' },
  'connect-tools': { path: '/dashboard/connect', title: 'Connect your tools', access: 'live' },

  'admin-overview': { path: '/dashboard/admin', title: 'Admin overview', navLabel: 'Overview', access: 'admin' },
  'admin-users': { path: '/dashboard/admin/users', title: 'Admin Users', navLabel: 'Admin Users', access: 'admin' },
  'admin-member': { path: '/dashboard/admin/users/:id', title: 'Member detail', access: 'admin' },
  'admin-applications': {
    path: '/dashboard/admin/applications',
    title: 'Applications',
    navLabel: 'Applications',
    access: 'admin',
  },
  'admin-content': { path: '/dashboard/admin/content', title: 'Content', navLabel: 'Content', access: 'admin' },
  'admin-settings': { path: '/dashboard/admin/settings', title: 'Settings', navLabel: 'Settings', access: 'admin' },
  'admin-activations': {
    path: '/dashboard/admin/activations',
    title: 'Activations',
    navLabel: 'Activations',
    access: 'admin',
  },
  'admin-support': {
    path: '/dashboard/admin/support',
    title: 'Support inbox',
    navLabel: 'Support inbox',
    access: 'admin',
  },
  'admin-audit': { path: '/dashboard/admin/audit', title: 'Audit log', navLabel: 'Audit log', access: 'admin' },
  'admin-deliveries': {
    path: '/dashboard/admin/deliveries',
    title: 'Signal deliveries',
    navLabel: 'Deliveries',
    access: 'admin',
  },
  'admin-offer': {
    path: '/dashboard/admin/offer',
    title: 'Offer countdown',
    navLabel: 'Offer countdown',
    access: 'admin',
  },
} as const satisfies Record<string, PageEntry>;

export type PageId = keyof typeof PAGES;

/** The ten sidebar features of the dashboard, in the sidebar's order. */
export const DASHBOARD_FEATURES = [
  'command-center',
  'signals',
  'copy-trading',
  'bot-access',
  'mentorship',
  'community',
  'account-setup',
  'upgrade',
  'settings',
  'support',
] as const satisfies readonly PageId[];
export type DashboardFeature = (typeof DASHBOARD_FEATURES)[number];

/** The admin console's screens, in the order of its navigation. */
export const ADMIN_CONSOLE_PAGES = [
  'admin-overview',
  'admin-users',
  'admin-applications',
  'admin-content',
  'admin-activations',
  'admin-support',
  'admin-audit',
  'admin-deliveries',
  'admin-offer',
  'admin-settings',
] as const satisfies readonly PageId[];

/** The path of a page, with its `:name` parameters filled in. */
export function pagePath(id: PageId, params: Readonly<Record<string, string>> = {}): string {
  return PAGES[id].path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pagePath(${id}) needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The page a pathname shows (a trailing slash ignored), or null where no page answers it. */
export function pageAt(pathname: string): PageEntry | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const page of Object.values(PAGES) as PageEntry[]) {
    if (page.path === path) return page;
  }
  for (const page of Object.values(PAGES) as PageEntry[]) {
    if (!page.path.includes(':')) continue;
    const pattern = new RegExp(`^${page.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    if (pattern.test(path)) return page;
  }
  return null;
}

/** The public pages search engines are given in the sitemap, in the table's order. */
export function sitemapPaths(): string[] {
  return (Object.values(PAGES) as PageEntry[]).filter((page) => page.inSitemap).map((page) => page.path);
}
