import { z } from 'zod';
import { ZAdminOverview, ZMemberExportQuery } from '../admin-overview.js';
import { type RouteTable, withSchemas } from './contract.js';

/** The admin console's overview and the members export. */
export const AdminConsoleRoutes = {
  overview: { method: 'GET', path: '/admin/overview', group: 'admin' },
  exportMembers: { method: 'GET', path: '/admin/members/export', group: 'admin', file: true },
} as const satisfies RouteTable;

export const AdminConsoleContract = /* @__PURE__ */ withSchemas(AdminConsoleRoutes, {
  overview: {
    summary: 'Funnel, sign-ups, connections, signals, queues and the latest audit entries',
    data: ZAdminOverview,
  },
  exportMembers: {
    summary: 'Every member the filters match, as a CSV download written row by row',
    query: ZMemberExportQuery,
    data: z.string().meta({ format: 'binary' }),
    media: ['text/csv'],
  },
});
