import type { TUser } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { roomChanges, roomsFor } from './realtime.rooms.js';

function user(overrides: Partial<TUser>): TUser {
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
    ...overrides,
  };
}

describe('roomsFor', () => {
  it('puts an anonymous socket in the public room only', () => {
    expect(roomsFor(null)).toEqual(['public']);
  });
  it('keeps a guest out of every tier room', () => {
    expect(roomsFor(user({ tier: 'guest', dashboardUnlocked: true }))).toEqual(['public', 'user:u1']);
  });
  it('keeps a locked member out of their tier room', () => {
    expect(roomsFor(user({ tier: 'gold', dashboardUnlocked: false }))).toEqual(['public', 'user:u1']);
  });
  it('puts an unlocked member in their tier room', () => {
    expect(roomsFor(user({ tier: 'pro' }))).toEqual(['public', 'user:u1', 'tier:pro']);
  });
  it('adds the admins room for admins, with or without signal access', () => {
    expect(roomsFor(user({ role: 'admin', tier: 'guest' }))).toEqual(['public', 'user:u1', 'admins']);
    expect(roomsFor(user({ role: 'admin', tier: 'gold' }))).toEqual(['public', 'user:u1', 'tier:gold', 'admins']);
  });
});

describe('roomChanges', () => {
  it('leaves rooms no longer allowed and joins new ones', () => {
    expect(roomChanges(['public', 'user:u1', 'tier:gold'], ['public', 'user:u1'])).toEqual({
      leave: ['tier:gold'],
      join: [],
    });
    expect(roomChanges(['public', 'user:u1', 'tier:silver'], ['public', 'user:u1', 'tier:gold'])).toEqual({
      leave: ['tier:silver'],
      join: ['tier:gold'],
    });
  });
});
