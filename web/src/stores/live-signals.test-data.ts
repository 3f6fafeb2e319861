import {
  computeWinRateEvidence,
  type TCountdown,
  type TPerformanceStats,
  type TSignal,
  type TUser,
} from '@signalroom/shared';

/** Builders for store tests: plain records shaped like the server's answers. */
export function makeSignal(seq: number, overrides: Partial<TSignal> = {}): TSignal {
  const created = new Date(Date.UTC(2026, 10, 22, 10, 0) + seq * 300_000);
  return {
    id: `sig-${seq}`,
    asset: 'EUR/USD (OTC)',
    signalType: 'buy',
    direction: 'CALL',
    entryPrice: 1.08,
    confidence: 70,
    status: 'active',
    outcome: null,
    createdAt: created.toISOString(),
    updatedAt: null,
    expiresAt: new Date(created.getTime() + 300_000).toISOString(),
    stopLoss: null,
    takeProfit: null,
    analysis: null,
    resolvedLevel: null,
    exitPrice: null,
    daySequence: seq,
    source: 'simulated',
    locked: false,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'u1',
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    phone: '+2348012345678',
    country: 'Nigeria',
    telegram: null,
    admissionCode: 'SR-ABCD1234',
    hasDeposited: true,
    accessPath: null,
    accessLevel: 'deposited',
    dashboardUnlocked: true,
    tier: 'gold',
    codeActivated: true,
    role: 'member',
    emailVerified: true,
    brokerAccountId: null,
    depositAmount: 0,
    createdAt: '2026-11-22T09:00:00.000Z',
    trialEndsAt: null,
    tierExpiresAt: null,
    timeZone: null,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<TPerformanceStats> = {}): TPerformanceStats {
  return {
    empty: false,
    totalSignals: 4,
    wonSignals: 3,
    lostSignals: 1,
    breakevenSignals: 0,
    winRateFirstWindow: 50,
    winRateWithMartingale: 75,
    avgConfidence: 68,
    winsByLevel: [2, 1, 0, 0],
    byAsset: [
      { asset: 'GBP/USD', total: 3, won: 2, wonFirstWindow: 1 },
      { asset: 'EUR/USD (OTC)', total: 1, won: 1, wonFirstWindow: 1 },
    ],
    byDirection: [],
    longestLosingStreak: 1,
    // 4 resolved: 2 won in the first window, 1 at L1, 1 lost the full run.
    evidence: computeWinRateEvidence({ won: [2, 1, 0, 0], breakeven: [0, 0, 0, 0], lost: [0, 0, 0, 1] }, 80),
    ...overrides,
  };
}

export const countdown: TCountdown = {
  deadline: null,
  ended: true,
  timeLeftMs: 0,
  timeFormatted: { hours: '00', minutes: '00', seconds: '00' },
  serverTime: '2026-11-22T10:00:00.000Z',
};
