import { ZSessionData } from '../auth.schemas.js';
import {
  ZAdminBusinessSettings,
  ZBusinessSettingsRequest,
  ZFirstAdminRequest,
  ZSetupStatus,
  ZSetupTokenRequest,
} from '../business-settings.js';
import { type RouteTable, withSchemas } from './contract.js';

/** The first-run setup (public, with the printed token) and the business settings admins edit later. */
export const SetupRoutes = {
  status: { method: 'POST', path: '/setup/status', group: 'public' },
  createAdmin: { method: 'POST', path: '/setup/admin', group: 'public', status: 201 },
  settings: { method: 'GET', path: '/admin/settings', group: 'admin' },
  saveSettings: { method: 'PUT', path: '/admin/settings', group: 'admin' },
} as const satisfies RouteTable;

/** What each of SetupRoutes takes and answers. */
export const SetupContract = /* @__PURE__ */ withSchemas(SetupRoutes, {
  status: {
    summary:
      'Whether a setup token can still create the first admin (false once an admin exists), whether it expired, and when it expires',
    body: ZSetupTokenRequest,
    data: ZSetupStatus,
  },
  createAdmin: {
    summary: 'Create the first admin with the one-time token the server printed; opens a session',
    // A wrong or expired token, or an admin exists already.
    raises: ['forbidden'],
    body: ZFirstAdminRequest,
    data: ZSessionData,
  },
  settings: {
    summary: "The business's saved settings (product name, broker link, contacts, hours, payout, time zone)",
    data: ZAdminBusinessSettings,
  },
  saveSettings: {
    summary: "Replace the business's settings (a new version, audited with before and after)",
    // Saved elsewhere at the same time.
    raises: ['conflict'],
    body: ZBusinessSettingsRequest,
    data: ZAdminBusinessSettings,
  },
});
