import { z } from 'zod';
import { ZAuditEntry } from '../audit.js';
import { ZAuditQuery } from '../audit-log.schemas.js';
import { type RouteTable, withSchemas } from './contract.js';

/** The audit log: read-only, for admins. No route changes or removes a row. */
export const AuditRoutes = {
  list: { method: 'GET', path: '/admin/audit', group: 'admin', paged: true },
} as const satisfies RouteTable;

export const AuditContract = /* @__PURE__ */ withSchemas(AuditRoutes, {
  list: {
    summary: 'Audit rows, newest first, filtered by actor, target, action and days',
    query: ZAuditQuery,
    data: z.array(ZAuditEntry),
  },
});
