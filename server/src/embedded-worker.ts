import type { ServerContext } from './context.js';

export interface EmbeddedWorker {
  close(): Promise<void>;
}

/**
 * The embedded shape: runs the signal worker's jobs inside this process on an in-process scheduler,
 * sharing this process's database and bus (PGlite is single-process).
 */
export async function startEmbeddedWorker(_ctx: ServerContext): Promise<EmbeddedWorker | null> {
  return null;
}
