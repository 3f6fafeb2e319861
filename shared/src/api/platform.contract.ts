import { z } from 'zod';
import { ZDevOutboxMail } from '../admin.schemas.js';
import { ZInstant } from '../iso-date.js';
import { ZPublicConfig } from '../public-config.js';
import { zQueryInteger } from '../request-fields.js';
import { type RouteTable, withSchemas } from './contract.js';

/**
 * Health's word for a part this deployment does not run as a separate service: it lives in the process
 * (no Redis, jobs on timers). Clients and operators read this value; it is part of the API.
 */
export const HEALTH_IN_PROCESS = 'embedded' as const;

const ZUpDown = z.enum(['up', 'down', HEALTH_IN_PROCESS]);

/** Readiness: what answers and what does not (`problems` says why it is degraded). */
export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  problems: z.array(z.string()),
  database: z.enum(['up', 'down']),
  databaseKind: z.string(),
  /** `full` while writes are refused for want of disk (the server's folders or the database's). */
  storage: z.enum(['ok', 'full']),
  redis: ZUpDown,
  queue: z.union([
    z.enum(['down', HEALTH_IN_PROCESS]),
    z.object({
      status: z.literal('up'),
      waiting: z.number(),
      active: z.number(),
      delayed: z.number(),
      failed: z.number(),
      schedulers: z.number(),
    }),
  ]),
  lastSignalAt: ZInstant.nullable(),
  signalsStaleAfterMs: z.number(),
});
export type THealth = z.infer<typeof ZHealth>;

/** Query of GET /api/dev/outbox: how many of the newest mails. */
export const ZDevOutboxQuery = z
  .object({ limit: zQueryInteger(1, 200, 'limit must be a whole number from 1 to 200.').default(50) })
  .strict();

/** How long a pass to the queue board works (the board's cookie lasts as long). */
export const QUEUE_BOARD_PASS_TTL_MS = 10 * 60_000;

/** A pass to the queue board: open `url` in the browser before `expiresAt`. */
export const ZQueueBoardPass = z.object({
  /** The board's address with the pass in its query (`/admin/queues?token=…`), relative to the server. */
  url: z.string(),
  expiresAt: ZInstant,
});
export type TQueueBoardPass = z.infer<typeof ZQueueBoardPass>;

/**
 * Health, the operator's public settings, the development outbox and the queue board's pass: where each
 * call lives and who may make it.
 */
export const PlatformRoutes = {
  live: { method: 'GET', path: '/health/live', group: 'public' },
  health: { method: 'GET', path: '/health', group: 'public' },
  publicConfig: { method: 'GET', path: '/config/public', group: 'public' },
  devOutbox: { method: 'GET', path: '/dev/outbox', group: 'public' },
  queueBoardPass: { method: 'POST', path: '/admin/queue-board/pass', group: 'admin', status: 201 },
} as const satisfies RouteTable;

/** What each of PlatformRoutes takes and answers. */
export const PlatformContract = /* @__PURE__ */ withSchemas(PlatformRoutes, {
  live: {
    summary: 'Liveness: 200 while the process runs',
    data: z.object({ status: z.literal('live'), uptimeSeconds: z.number() }),
  },
  health: {
    summary: 'Readiness: 503 degraded when a dependency does not answer or no signal was issued',
    data: ZHealth,
    alsoAnswers: [503],
  },
  publicConfig: {
    summary: 'The operator settings the web app needs',
    data: ZPublicConfig,
  },
  devOutbox: {
    summary: 'The newest mails of the outbox (development only, loopback only)',
    // A request not from this machine.
    raises: ['forbidden'],
    query: ZDevOutboxQuery,
    data: z.array(ZDevOutboxMail),
  },
  queueBoardPass: {
    summary:
      "A pass of the admin's session to the queue board (/admin/queues), valid 10 minutes; the session token itself never opens it",
    // A deployment without a job queue has no board.
    raises: ['not_found'],
    data: ZQueueBoardPass,
  },
});
