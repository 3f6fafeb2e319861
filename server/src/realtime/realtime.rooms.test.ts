import { describe, expect, it } from 'vitest';
import { roomChanges, roomsFor } from './realtime.rooms.js';
import { testMember } from './realtime.test-data.js';

describe('roomsFor', () => {
  it('puts an anonymous socket in the public room only', () => {
    expect(roomsFor(null)).toEqual(['public']);
  });
  it('keeps a guest out of every tier room', () => {
    expect(roomsFor(testMember({ tier: 'guest', dashboardUnlocked: true }))).toEqual(['public']);
  });
  it('keeps a locked member out of their tier room', () => {
    expect(roomsFor(testMember({ tier: 'gold', dashboardUnlocked: false }))).toEqual(['public']);
  });
  it('puts an unlocked member in their tier room', () => {
    expect(roomsFor(testMember({ tier: 'pro' }))).toEqual(['public', 'tier:pro']);
  });
  it('puts a member in their trial in the trial room until trialEndsAt, and nowhere after', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const trial = testMember({ tier: 'guest', dashboardUnlocked: false, trialEndsAt: '2026-11-24T10:00:01Z' });
    expect(roomsFor(trial, now)).toEqual(['public', 'trial']);
    expect(roomsFor(trial, new Date('2026-11-24T10:00:01Z'))).toEqual(['public']);
    // A live member is never in the trial room, trial deadline or not.
    expect(roomsFor(testMember({ tier: 'gold', trialEndsAt: '2026-11-24T12:00:00Z' }), now)).toEqual([
      'public',
      'tier:gold',
    ]);
  });
  it('puts an admin in the gold room and the admins room, whatever their own tier', () => {
    expect(roomsFor(testMember({ role: 'admin', tier: 'guest', dashboardUnlocked: false }))).toEqual([
      'public',
      'tier:gold',
      'admins',
    ]);
    expect(roomsFor(testMember({ role: 'admin', tier: 'silver' }))).toEqual(['public', 'tier:gold', 'admins']);
  });
  it('never puts an admin in the trial room, even one whose own trial is running', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const admin = testMember({
      role: 'admin',
      tier: 'guest',
      dashboardUnlocked: false,
      trialEndsAt: '2026-11-24T12:00:00Z',
    });
    expect(roomsFor(admin, now)).toEqual(['public', 'tier:gold', 'admins']);
  });
});

describe('roomChanges', () => {
  it('leaves rooms no longer allowed and joins new ones', () => {
    expect(roomChanges(['public', 'tier:gold'], ['public'])).toEqual({
      leave: ['tier:gold'],
      join: [],
    });
    expect(roomChanges(['public', 'tier:silver'], ['public', 'tier:gold'])).toEqual({
      leave: ['tier:silver'],
      join: ['tier:gold'],
    });
  });
});
