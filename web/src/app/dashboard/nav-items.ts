import type { DashboardFeature } from '@signalroom/shared';
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
  /** The page's own title (header and browser tab) where it differs from the sidebar label. */
  title?: string;
  description: string;
  icon: LucideIcon;
  variant: 'default' | 'live' | 'premium' | 'setup';
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    feature: 'command-center',
    to: '/dashboard',
    label: 'Command Center',
    description: 'Your overview',
    icon: LayoutDashboard,
    variant: 'default',
  },
  {
    feature: 'signals',
    to: '/dashboard/signals',
    label: 'Neural Signals',
    title: 'Elite Signal Room',
    description: 'Live momentum-model signals',
    icon: Activity,
    variant: 'live',
  },
  {
    feature: 'copy-trading',
    to: '/dashboard/copy-trading',
    label: 'Auto-Copy System',
    description: 'Hands-free trading',
    icon: Copy,
    variant: 'default',
  },
  {
    feature: 'bot-access',
    to: '/dashboard/bot-access',
    label: 'AI Bot Access',
    description: 'Trading bot',
    icon: Bot,
    variant: 'default',
  },
  {
    feature: 'mentorship',
    to: '/dashboard/mentorship',
    label: 'Master Vault',
    description: 'Courses and sessions',
    icon: GraduationCap,
    variant: 'default',
  },
  {
    feature: 'community',
    to: '/dashboard/community',
    label: 'Elite Network',
    description: 'Member community',
    icon: Users,
    variant: 'default',
  },
  {
    feature: 'account-setup',
    to: '/dashboard/account-setup',
    label: 'Account Setup',
    description: 'Broker configuration',
    icon: Wrench,
    variant: 'setup',
  },
  {
    feature: 'upgrade',
    to: '/dashboard/upgrade',
    label: 'Upgrade Portal',
    description: 'Unlock higher tiers',
    icon: Crown,
    variant: 'premium',
  },
  {
    feature: 'settings',
    to: '/dashboard/settings',
    label: 'Profile Settings',
    title: 'Elite Account Settings',
    description: 'Account and security',
    icon: Settings,
    variant: 'default',
  },
  {
    feature: 'support',
    to: '/dashboard/support',
    label: 'Support Hub',
    description: 'Help and contact',
    icon: LifeBuoy,
    variant: 'default',
  },
];

/** Dashboard pages that have no sidebar item, with their titles. */
const OTHER_PAGES: Readonly<Record<string, string>> = {
  '/dashboard/gold-room': 'Gold Room',
  '/dashboard/platinum-stream': 'Platinum Stream',
  '/dashboard/desk': 'Analyst desk',
  '/dashboard/admin': 'Admin overview',
  '/dashboard/admin/users': 'Admin Users',
  '/dashboard/admin/applications': 'Applications',
  '/dashboard/admin/content': 'Content',
  '/dashboard/admin/activations': 'Activations',
  '/dashboard/admin/offer': 'Offer countdown',
  '/dashboard/admin/support': 'Support inbox',
  '/dashboard/admin/audit': 'Audit log',
  '/dashboard/admin/deliveries': 'Signal deliveries',
};

/**
 * The one map from a dashboard route to its page title, shown in the header and the browser tab. An
 * address the dashboard does not know gets a neutral title rather than another page's.
 */
export function dashboardPageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const item = NAV_ITEMS.find((i) => i.to === path);
  if (item) return item.title ?? item.label;
  // A member's page: /dashboard/admin/users/<id>.
  if (/^\/dashboard\/admin\/users\/[^/]+$/.test(path)) return 'Member detail';
  return OTHER_PAGES[path] ?? 'Not available yet';
}
