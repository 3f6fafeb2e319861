import { z } from 'zod';
import {
  ZBotAccessExportQuery,
  ZBotAccessListQuery,
  ZBotAccessStatusUpdate,
  ZBotAccessSubmission,
  ZBotAccessSubmitRequest,
} from '../bot-access.js';
import { type RouteTable, withSchemas } from './contract.js';

const ZApplicationParams = z.object({ id: z.string().max(64) });

/** The bot-access lead form: public submit, admin review: where each call lives and who may make it. */
export const BotAccessRoutes = {
  submit: { method: 'POST', path: '/bot-access/submit', group: 'public', status: 201 },
  list: { method: 'GET', path: '/bot-access/submissions', group: 'admin', paged: true },
  exportCsv: { method: 'GET', path: '/bot-access/submissions/export', group: 'admin', file: true },
  get: { method: 'GET', path: '/bot-access/submissions/:id', group: 'admin' },
  setStatus: { method: 'PATCH', path: '/bot-access/submissions/:id/status', group: 'admin' },
} as const satisfies RouteTable;

/** What each of BotAccessRoutes takes and answers. */
export const BotAccessContract = /* @__PURE__ */ withSchemas(BotAccessRoutes, {
  submit: {
    summary: 'Apply for bot access',
    body: ZBotAccessSubmitRequest,
    data: z.object({ id: z.string() }),
  },
  list: {
    summary: 'One page of applications',
    query: ZBotAccessListQuery,
    data: z.array(ZBotAccessSubmission),
  },
  exportCsv: {
    summary: 'Every application the filters match, as a CSV download written row by row',
    query: ZBotAccessExportQuery,
    data: z.string().meta({ format: 'binary' }),
    media: ['text/csv'],
  },
  get: {
    summary: 'One application',
    params: ZApplicationParams,
    data: ZBotAccessSubmission,
  },
  setStatus: {
    summary: "Change an application's status and notes",
    params: ZApplicationParams,
    body: ZBotAccessStatusUpdate,
    data: ZBotAccessSubmission,
  },
});
