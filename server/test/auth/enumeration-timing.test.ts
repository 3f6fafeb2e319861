import { LIMITS } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENUMERATION_FLOOR_MS, REGISTER_FLOOR_MS } from '../../src/modules/auth/auth.limits.js';
import { replaceConfirmationCode } from '../../src/modules/credentials/email-codes.repository.js';
import { getMailer } from '../../src/modules/mail/mail.service.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { registration, uniqueEmail } from './auth-helpers.js';

const TRIES = 30;
/**
 * Generous on purpose: on a loaded 2-core machine the medians of two identical paths drift apart by up
 * to about 8 ms. Without the floor the two paths answer in a few ms, so the floor checks below are what
 * fail then; a path that outlasts the floor (an argon2 hash or a mail send on one side only: tens of ms)
 * still breaks this bound.
 */
const MAX_MEDIAN_GAP_MS = 12;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe('forgot-password, resend and confirm-code take as long for unknown addresses as for real ones', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1000' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Times one call; background mail of earlier calls is finished first so it does not weigh on this one. */
  async function timed(path: string, body: unknown): Promise<{ ms: number; status: number }> {
    await getMailer(server.context).drain();
    const started = performance.now();
    const answer = await server.api('POST', path, { body });
    return { ms: performance.now() - started, status: answer.status };
  }

  /** Alternates known and unknown tries (which goes first alternates too) and compares the medians. */
  async function compare(path: string, known: (i: number) => unknown, unknown: (i: number) => unknown) {
    const times = { known: [] as number[], unknown: [] as number[] };
    const statuses = new Set<string>();
    for (let i = 0; i < TRIES; i++) {
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const which of order) {
        const { ms, status } = await timed(path, which === 'known' ? known(i) : unknown(i));
        times[which].push(ms);
        statuses.add(`${which}:${status}`);
      }
    }
    const result = { known: median(times.known), unknown: median(times.unknown) };
    console.log(`${path}: median known ${result.known.toFixed(2)} ms, unknown ${result.unknown.toFixed(2)} ms`);
    expect(result.known).toBeGreaterThanOrEqual(ENUMERATION_FLOOR_MS - 1);
    expect(result.unknown).toBeGreaterThanOrEqual(ENUMERATION_FLOOR_MS - 1);
    expect(Math.abs(result.known - result.unknown)).toBeLessThanOrEqual(MAX_MEDIAN_GAP_MS);
    return statuses;
  }

  it('forgot-password', async () => {
    const member = await createMember(server.context.db);
    const statuses = await compare(
      '/api/auth/forgot-password',
      () => ({ email: member.user.email }),
      () => ({ email: uniqueEmail('nobody') }),
    );
    expect([...statuses].sort()).toEqual(['known:200', 'unknown:200']);
  });

  it('resend-welcome-email', async () => {
    const pending = await Promise.all(
      Array.from({ length: TRIES }, () => createMember(server.context.db, { emailVerified: false })),
    );
    const statuses = await compare(
      '/api/auth/resend-welcome-email',
      (i) => ({ email: pending[i]!.user.email }),
      () => ({ email: uniqueEmail('nobody') }),
    );
    expect([...statuses].sort()).toEqual(['known:200', 'unknown:200']);
  });

  it('confirm-code (a wrong code for a real pending account, any code for an unknown one)', async () => {
    const pending = await Promise.all(
      Array.from({ length: TRIES }, async () => {
        const member = await createMember(server.context.db, { emailVerified: false });
        const expires = new Date(Date.now() + LIMITS.confirmationCodeTtlMs);
        await replaceConfirmationCode(server.context.db, member.user.id, 'not-the-hash-of-any-code', expires);
        return member;
      }),
    );
    const statuses = await compare(
      '/api/auth/confirm-code',
      (i) => ({ email: pending[i]!.user.email, confirmationCode: 'WRONG12345' }),
      () => ({ email: uniqueEmail('nobody'), confirmationCode: 'WRONG12345' }),
    );
    expect([...statuses].sort()).toEqual(['known:400', 'unknown:400']);
  });
});

describe('register takes as long for a known address as for a new one, at the default limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'true', RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Fewer than the sign-up slow-down's 20 from one address, which would weigh on the later tries. */
  const REGISTER_TRIES = 9;

  it('answers a known address (past its per-address limit) and new ones after the same floor', async () => {
    const known = await createMember(server.context.db);
    const times = { known: [] as number[], unknown: [] as number[] };
    const statuses = new Set<string>();
    for (let i = 0; i < REGISTER_TRIES; i++) {
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const which of order) {
        await getMailer(server.context).drain();
        const email = which === 'known' ? known.user.email : uniqueEmail('new');
        const started = performance.now();
        const answer = await server.api('POST', '/api/auth/register', { body: registration({ email }) });
        times[which].push(performance.now() - started);
        statuses.add(`${which}:${answer.status}`);
      }
    }
    const result = { known: median(times.known), unknown: median(times.unknown) };
    console.log(`register: median known ${result.known.toFixed(2)} ms, unknown ${result.unknown.toFixed(2)} ms`);
    // The known address meets its 5-an-hour limit: a 429 answered at once was the tell (6.5 ms against 33.9).
    expect([...statuses].sort()).toEqual(['known:201', 'known:429', 'unknown:201']);
    expect(result.known).toBeGreaterThanOrEqual(REGISTER_FLOOR_MS - 1);
    expect(Math.abs(result.known - result.unknown)).toBeLessThanOrEqual(MAX_MEDIAN_GAP_MS);
  });
});
