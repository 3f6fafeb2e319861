import { dayKeyInZone, STORAGE_KEYS, TIMING, type TSignal } from '@signalroom/shared';
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
  /** Which 5-minute slot, counted back from the current one (0 = now). */
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
  const signal: TSignal = {
    id: String(row.id),
    asset: row.asset,
    signalType: row.signal_type,
    direction: row.direction,
    entryPrice: Number(row.entry_price),
    confidence: Number(row.confidence),
    status: row.status,
    outcome: row.outcome,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: null,
    expiresAt: new Date(row.expires_at).toISOString(),
    stopLoss: row.stop_loss === null ? null : Number(row.stop_loss),
    takeProfit: null,
    analysis: row.analysis,
    resolvedLevel: row.resolved_level,
    exitPrice: null,
    daySequence: row.day_sequence,
    source: row.source,
    locked: false,
  };
  await server.context.bus.publish({ type: 'signal:new', signal });
  return signal;
}
