import type { TUser } from '@signalroom/shared';

/** A member record for the realtime unit tests: an unlocked silver member unless `overrides` say otherwise. */
export function testMember(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'u1',
    fullName: 'Test Member',
    email: 'm@example.com',
    phone: '+2348012345678',
    country: 'Nigeria',
    telegram: null,
    admissionCode: 'SR-1',
    hasDeposited: true,
    accessPath: null,
    accessLevel: 'deposited',
    dashboardUnlocked: true,
    tier: 'silver',
    codeActivated: false,
    role: 'member',
    emailVerified: true,
    brokerAccountId: null,
    depositAmount: 0,
    createdAt: '2026-11-22T00:00:00.000Z',
    trialEndsAt: null,
    tierExpiresAt: null,
    timeZone: null,
    ...overrides,
  };
}
