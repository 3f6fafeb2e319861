import type { ServerContext } from './context.js';
import { createOrPromoteAdmin } from './modules/admin/admin-accounts.js';

/**
 * Work done once at start, after migrations: the admin bootstrap from ADMIN_EMAIL/ADMIN_PASSWORD
 * (creates that admin with a verified e-mail, or promotes the existing account of that address).
 */
export async function runStartupTasks(ctx: ServerContext): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const { change, user } = await createOrPromoteAdmin(
      ctx.db,
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      ctx.now(),
    );
    if (change !== 'unchanged') {
      ctx.logger.info({ change, userId: user.id }, `admin ${ADMIN_EMAIL} ${change} from configuration`);
      await ctx.bus.publish({ type: 'account:changed', userId: user.id }).catch(() => {});
    }
  } else if (ADMIN_EMAIL || ADMIN_PASSWORD) {
    ctx.logger.warn('ADMIN_EMAIL and ADMIN_PASSWORD must be set together; no admin bootstrapped');
  }
}
