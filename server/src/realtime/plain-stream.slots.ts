import type { Redis } from 'ioredis';
import type { ServerContext } from '../context.js';

/**
 * How many stream connections each API key holds, across every server process: a connection takes a
 * slot when it opens and gives it back when it closes. With Redis the slots are a sorted set per key
 * whose entries expire unless the process holding them renews them (a process that dies stops
 * renewing, and its slots lapse); without Redis, or while it does not answer, this process counts its
 * own, so an outage neither refuses every program nor lifts the bound in this process.
 */
export interface StreamSlots {
  /** Takes a slot of the key for this connection; false when the key holds `max` already. */
  take(keyId: string, connectionId: string): Promise<boolean>;
  /** Gives a connection's slot back. */
  release(keyId: string, connectionId: string): Promise<void>;
  /** Keeps the slots of this process's open connections from lapsing (call well within `ttlMs`). */
  renew(held: readonly { keyId: string; connectionId: string }[]): Promise<void>;
}

// Drops lapsed slots, then takes one if there is room; the key lapses with its last slot.
const TAKE_LUA = `
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
  return 1
`;

interface SlotRedis {
  status: Redis['status'];
  signalroomStreamSlot?(key: string, now: number, until: number, max: number, member: string): Promise<number>;
}

/** How long a Redis call may take before this process counts on its own for it. */
const REDIS_TIMEOUT_MS = 250;

function withTimeout<T>(promise: Promise<T>, fallback: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), REDIS_TIMEOUT_MS);
  });
  return Promise.race([promise.catch(fallback), timeout]).finally(() => clearTimeout(timer));
}

export function createStreamSlots(
  ctx: Pick<ServerContext, 'redis'>,
  options: { max: number; ttlMs: number },
): StreamSlots {
  /** This process's own slots: connection id to when it lapses, per key. */
  const local = new Map<string, Map<string, number>>();
  const takeLocal = (keyId: string, connectionId: string) => {
    const now = Date.now();
    const held = local.get(keyId) ?? new Map<string, number>();
    for (const [id, until] of held) if (until <= now) held.delete(id);
    if (!held.has(connectionId) && held.size >= options.max) return false;
    held.set(connectionId, now + options.ttlMs);
    local.set(keyId, held);
    return true;
  };
  const releaseLocal = (keyId: string, connectionId: string) => {
    const held = local.get(keyId);
    held?.delete(connectionId);
    if (held?.size === 0) local.delete(keyId);
  };
  const redis = ctx.redis?.commands ?? null;
  if (redis && typeof (redis as unknown as SlotRedis).signalroomStreamSlot !== 'function') {
    redis.defineCommand('signalroomStreamSlot', { numberOfKeys: 1, lua: TAKE_LUA });
  }
  const shared = redis as unknown as SlotRedis | null;
  const keyOf = (keyId: string) => ctx.redis?.key('stream-slots', keyId) ?? keyId;

  return {
    async take(keyId, connectionId) {
      if (!shared?.signalroomStreamSlot || shared.status !== 'ready') return takeLocal(keyId, connectionId);
      const now = Date.now();
      const run = shared
        .signalroomStreamSlot(keyOf(keyId), now, now + options.ttlMs, options.max, connectionId)
        .then((taken) => {
          // Kept here too, so the process knows its own should Redis go away.
          if (taken === 1) takeLocal(keyId, connectionId);
          return taken === 1;
        });
      return withTimeout(run, () => takeLocal(keyId, connectionId));
    },
    async release(keyId, connectionId) {
      releaseLocal(keyId, connectionId);
      if (redis?.status !== 'ready') return;
      await withTimeout(redis.zrem(keyOf(keyId), connectionId), () => 0);
    },
    async renew(held) {
      const until = Date.now() + options.ttlMs;
      for (const { keyId, connectionId } of held) local.get(keyId)?.set(connectionId, until);
      if (redis?.status !== 'ready' || held.length === 0) return;
      const batch = redis.multi();
      for (const { keyId, connectionId } of held) {
        // Added back if Redis lost it (a restart, or a slot taken here while Redis was away).
        batch.zadd(keyOf(keyId), until, connectionId);
        batch.pexpireat(keyOf(keyId), until);
      }
      await withTimeout(batch.exec(), () => null);
    },
  };
}
