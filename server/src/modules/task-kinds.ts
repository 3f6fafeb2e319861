import type { ServerContext } from '../context.js';
import { defineIdempotencyTasks } from './idempotency/idempotency.tasks.js';
import { defineReminderTask } from './mentorship/mentorship.service.js';
import { defineNotificationTasks } from './notifications/notifications.tasks.js';
import { defineTierExpiringTask } from './tier-grants/tier-expiring.task.js';
import { defineTierExpiryTask } from './tier-grants/tier-expiry.task.js';
import { defineWitnessTask } from './track-record/witness-task.js';

/**
 * Every module's task kinds, defined once per process before the queue starts (a kind defined twice is
 * an error, so this is not part of route registration, which tests repeat on a bare app).
 */
export function defineTaskKinds(ctx: ServerContext): void {
  defineTierExpiryTask(ctx);
  defineTierExpiringTask(ctx);
  defineReminderTask(ctx);
  defineNotificationTasks(ctx);
  defineWitnessTask(ctx);
  defineIdempotencyTasks(ctx);
}
