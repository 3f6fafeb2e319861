import { describe, expect, it } from 'vitest';
import { roomChanges, roomsFor } from './realtime.rooms.js';
import { testMember } from './realtime.test-data.js';

describe('roomsFor', () => {
  it('puts an anonymous socket in the public room only', () => {
    expect(roomsFor(null)).toEqual(['public']);
  });
  it('keeps a guest out of every tier room', () => {
    expect(roomsFor(testMember({ tier: 'guest', dashboardUnlocked: true }))).toEqual(['public', 'user:u1']);
  });
  it('keeps a locked member out of their tier room', () => {
    expect(roomsFor(testMember({ tier: 'gold', dashboardUnlocked: false }))).toEqual(['public', 'user:u1']);
  });
  it('puts an unlocked member in their tier room', () => {
    expect(roomsFor(testMember({ tier: 'pro' }))).toEqual(['public', 'user:u1', 'tier:pro']);
  });
  it('puts an admin in the gold room and the admins room, whatever their own tier', () => {
    expect(roomsFor(testMember({ role: 'admin', tier: 'guest', dashboardUnlocked: false }))).toEqual([
      'public',
      'user:u1',
      'tier:gold',
      'admins',
    ]);
    expect(roomsFor(testMember({ role: 'admin', tier: 'silver' }))).toEqual([
      'public',
      'user:u1',
      'tier:gold',
      'admins',
    ]);
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
