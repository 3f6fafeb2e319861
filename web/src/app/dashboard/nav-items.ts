import { DASHBOARD_FEATURES, type DashboardFeature, PAGES, pageAt } from '@signalroom/shared';
import {
  Activity,
  Bot,
  Copy,
  Crown,
  GraduationCap,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Settings,
  Users,
  Wrench,
} from 'lucide-react';

/** One sidebar entry (the dashboard shell's item table). `variant` gives the item its special style. */
export interface NavItem {
  feature: DashboardFeature;
  to: string;
  label: string;
  /** The page's own title (header and browser tab). */
  title: string;
  description: string;
  icon: LucideIcon;
  variant: 'default' | 'live' | 'premium' | 'setup';
}

/** What the sidebar draws beside each page's path and label (those come from the page table). */
const SIDEBAR_LOOK: Readonly<Record<DashboardFeature, Pick<NavItem, 'description' | 'icon' | 'variant'>>> = {
  'command-center': { description: 'Your overview', icon: LayoutDashboard, variant: 'default' },
  signals: { description: 'Live momentum-model signals', icon: Activity, variant: 'live' },
  'copy-trading': { description: 'Hands-free trading', icon: Copy, variant: 'default' },
  'bot-access': { description: 'Trading bot', icon: Bot, variant: 'default' },
  mentorship: { description: 'Courses and sessions', icon: GraduationCap, variant: 'default' },
  community: { description: 'Member community', icon: Users, variant: 'default' },
  'account-setup': { description: 'Broker configuration', icon: Wrench, variant: 'setup' },
  upgrade: { description: 'Unlock higher tiers', icon: Crown, variant: 'premium' },
  settings: { description: 'Account and security', icon: Settings, variant: 'default' },
  support: { description: 'Help and contact', icon: LifeBuoy, variant: 'default' },
};

export const NAV_ITEMS: readonly NavItem[] = DASHBOARD_FEATURES.map((feature) => ({
  feature,
  to: PAGES[feature].path,
  label: PAGES[feature].navLabel,
  title: PAGES[feature].title,
  ...SIDEBAR_LOOK[feature],
}));

/**
 * The one map from a dashboard route to its page title, shown in the header and the browser tab. An
 * address the dashboard does not know gets a neutral title rather than another page's.
 */
export function dashboardPageTitle(pathname: string): string {
  const page = pageAt(pathname);
  const home = PAGES['command-center'].path;
  const dashboard = page && (page.path === home || page.path.startsWith(`${home}/`));
  return (dashboard && page.title) || 'Not available yet';
}
