import type { ServerContext } from './context.js';

/**
 * Work done once at start, after migrations: the admin bootstrap from ADMIN_EMAIL/ADMIN_PASSWORD
 * (auth module) and anything else a module needs before serving.
 */
export async function runStartupTasks(_ctx: ServerContext): Promise<void> {}
