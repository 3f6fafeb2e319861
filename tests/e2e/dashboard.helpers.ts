import { dayKeyInZone, STORAGE_KEYS, TIMING, type TSignal } from '@signalroom/shared';
import { presentSignal, silentLogger } from '@signalroom/shared-node';
import { type PriceTicker, SimulatedMarket, startPriceTicker } from '@signalroom/worker';
import type { BrowserContext, Page } from 'playwright-core';
import type { CreatedMember } from '../../server/test/helpers/factories.js';
import type { TestServer } from '../../server/test/helpers/test-server.js';
import type { E2E } from './harness.js';

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
  /** Written this long after its slot started (the database was away); on time when absent. */
  issuedLateSeconds?: number;
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
      issued_at: new Date(slotStart.getTime() + (seed.issuedLateSeconds ?? 0) * 1000),
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

/** The first paint of the dashboard (session check, lazy chunks) gets more time on a busy 2-core machine. */
export const FIRST_PAINT = { timeout: 30_000 } as const;
/** A live push from another browser or the bus: relayed within a moment; allow for a loaded machine. */
export const LIVE = { timeout: 15_000 } as const;

/** Pages opened as signed-in members, for journeys where several members (and admins) act at once. */
export interface MemberPages {
  /** A new browser context signed in as `member`, on `path`. */
  open(member: CreatedMember, path: string, width?: number): Promise<Page>;
  /** Console errors and uncaught exceptions of a page opened here, for a journey's final check. */
  problemsOf(page: Page): string[];
  /** Closes every context opened so far: each page keeps a live socket, so tests close theirs after. */
  closeAll(): Promise<void>;
}

/** `e2e` is read when a page opens (the harness starts in beforeAll). */
export function memberPages(e2e: () => E2E): MemberPages {
  const opened: BrowserContext[] = [];
  const problems = new Map<Page, string[]>();
  return {
    async open(member, path, width = 1280) {
      const { context, page } = await e2e().newPage({ width, height: 900 });
      opened.push(context);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      problems.set(page, errors);
      await signInBrowser(context, member);
      await page.goto(e2e().url(path));
      return page;
    },
    problemsOf: (page) => problems.get(page) ?? [],
    async closeAll() {
      for (const context of opened.splice(0)) {
        // Best-effort teardown: a context the test already closed (or a crashed page) must not fail the next.
        await context.close().catch((error: Error) => console.warn(`context close failed: ${error.message}`));
      }
    },
  };
}

/** The worker's own price ticker on the server's bus (the test server runs no worker of its own). */
export function startPrices(e2e: E2E): PriceTicker {
  return startPriceTicker({
    feed: new SimulatedMarket({ seed: 'e2e' }),
    bus: e2e.server.context.bus,
    logger: silentLogger,
  });
}
