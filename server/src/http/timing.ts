import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';

export { sleep };

/**
 * Runs `work` and answers no sooner than `floorMs` after it started, whether it succeeded or threw.
 * Calls whose work differs for a known and an unknown e-mail (a row written, a mail queued) use it so
 * that the time of the answer does not tell the two apart.
 */
export async function withTimingFloor<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

/**
 * A route's hooks that hold every answer, a refusal by a rate limit included, until `floorMs` after the
 * request arrived: for a call whose answer must not tell, by its time, what happened behind it (register:
 * a new address or a known one, limited or not). A refusal of the input itself (400) answers at once: it
 * is decided from the body alone, before any account is looked at, so its time tells nothing, and a
 * form's mistakes should not cost half a second each.
 */
export function answerNoSoonerThan(floorMs: number): {
  onRequest: onRequestAsyncHookHandler;
  onSend: onSendAsyncHookHandler;
} {
  const arrived = new WeakMap<FastifyRequest, number>();
  return {
    onRequest: async (request) => {
      arrived.set(request, performance.now());
    },
    onSend: async (request, reply, payload) => {
      if (reply.statusCode === 400) return payload;
      const left = floorMs - (performance.now() - (arrived.get(request) ?? performance.now()));
      if (left > 0) await sleep(left);
      return payload;
    },
  };
}
