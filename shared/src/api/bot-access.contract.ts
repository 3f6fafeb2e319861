import { z } from 'zod';
import {
  ZBotAccessListQuery,
  ZBotAccessStatusUpdate,
  ZBotAccessSubmission,
  ZBotAccessSubmitRequest,
} from '../bot-access.js';
import { defineRoute } from './contract.js';

const ZApplicationParams = z.object({ id: z.string().max(64) });

/** The bot-access lead form: public submit, admin review. */
export const BotAccessContract = {
  submit: defineRoute({
    method: 'POST',
    path: '/bot-access/submit',
    group: 'public',
    summary: 'Apply for bot access',
    body: ZBotAccessSubmitRequest,
    data: z.object({ id: z.string() }),
    status: 201,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/bot-access/submissions',
    group: 'admin',
    summary: 'One page of applications',
    query: ZBotAccessListQuery,
    data: z.array(ZBotAccessSubmission),
    paged: true,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/bot-access/submissions/:id',
    group: 'admin',
    summary: 'One application',
    params: ZApplicationParams,
    data: ZBotAccessSubmission,
  }),
  setStatus: defineRoute({
    method: 'PATCH',
    path: '/bot-access/submissions/:id/status',
    group: 'admin',
    summary: "Change an application's status and notes",
    params: ZApplicationParams,
    body: ZBotAccessStatusUpdate,
    data: ZBotAccessSubmission,
  }),
} as const;
