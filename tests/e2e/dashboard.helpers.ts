import { dayKeyInZone, STORAGE_KEYS, TIMING, type TSignal } from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared/node';
import type { BrowserContext } from 'playwright-core';
import type { CreatedMember } from '../../server/test/helpers/factories.js';
import type { TestServer } from '../../server/test/helpers/test-server.js';

/** Puts a member's session into the browser's storage before any page script runs, as login would. */
export async function signInBrowser(context: BrowserContext, member: CreatedMember): Promise<void> {
  await context.addInitScript(
    ([keys, token, user]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, user);
    },
    [STORAGE_KEYS, member.token, JSON.stringify(member.user)] as const,
  );
}

export interface SignalSeed {
  asset: string;
  signalType: 'buy' | 'sell';
  confidence: number;
  entryPrice: number;
  /**
   * Which 5-minute slot, counted back from the current one (0 = now). Tests sharing a server leave a free
   * slot between their values: a slot boundary passing between two tests moves the earlier signals one
   * slot further back, and the table refuses two signals in one slot.
   */
  slotsAgo: number;
  stopLoss?: number | null;
}

/**
 * Writes a signal row into the engine's table (a real record in the database) and publishes it on the
 * bus exactly as the worker does after writing, so every server process pushes it to the rooms.
 */
export async function issueSignal(server: TestServer, seed: SignalSeed, daySequence: number): Promise<TSignal> {
  const slotMs = TIMING.signalIntervalMs;
  const now = server.context.now();
  const slotStart = new Date(Math.floor(now.getTime() / slotMs) * slotMs - seed.slotsAgo * slotMs);
  const expiresAt = new Date(slotStart.getTime() + slotMs);
  const row = await server.context.db
    .insertInto('signals')
    .values({
      slot_start: slotStart,
      day_key: dayKeyInZone(slotStart, server.config.TIME_ZONE),
      day_sequence: daySequence,
      asset: seed.asset,
      signal_type: seed.signalType,
      direction: seed.signalType === 'buy' ? 'CALL' : 'PUT',
      entry_price: seed.entryPrice,
      confidence: seed.confidence,
      outcome: null,
      resolved_level: null,
      exit_price: null,
      window_ms: slotMs,
      expires_at: expiresAt,
      stop_loss: seed.stopLoss ?? null,
      take_profit: null,
      analysis: null,
      source: 'simulated',
      strategy: 'e2e',
      created_at: slotStart,
      updated_at: null,
      resolved_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The engine's own presenter, so the pushed record is exactly what REST and snapshots serve.
  const signal = presentSignal(row);
  await server.context.bus.publish({ type: 'signal:new', signal });
  return signal;
}
