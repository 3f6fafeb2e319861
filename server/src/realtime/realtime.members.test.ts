import { describe, expect, it } from 'vitest';
import { createLocalMembers } from './realtime.members.js';
import type { RealtimeSocket } from './realtime.types.js';

/** A socket as the index sees it: its member, and what it was sent. */
function socketOf(userId: string | null) {
  const sent: unknown[][] = [];
  const socket = {
    data: { member: userId ? { id: userId } : null },
    emit: (...args: unknown[]) => sent.push(args),
  } as unknown as RealtimeSocket;
  return { socket, sent };
}

describe('createLocalMembers', () => {
  it('keeps a member with their sockets, one or several, until the last goes', () => {
    const members = createLocalMembers();
    const tab = socketOf('u1');
    const phone = socketOf('u1');
    members.add(tab.socket);
    members.add(tab.socket);
    expect(members.socketsOf('u1')).toEqual([tab.socket]);
    members.add(phone.socket);
    expect(members.socketsOf('u1')).toEqual([tab.socket, phone.socket]);
    expect(members.socketCount()).toBe(2);

    expect(members.remove(tab.socket)).toBe(true);
    expect(members.socketsOf('u1')).toEqual([phone.socket]);
    expect(members.remove(phone.socket)).toBe(false);
    expect(members.has('u1')).toBe(false);
    expect(members.ids()).toEqual([]);
    expect(members.socketCount()).toBe(0);
  });

  it('leaves anonymous sockets out, and a socket removed twice counts once', () => {
    const members = createLocalMembers();
    const anonymous = socketOf(null);
    members.add(anonymous.socket);
    expect(members.socketCount()).toBe(0);
    const member = socketOf('u2');
    members.add(member.socket);
    members.remove(member.socket);
    members.remove(member.socket);
    expect(members.socketCount()).toBe(0);
  });

  it("sends a member's event to each of their sockets and to no one else", () => {
    const members = createLocalMembers();
    const mine = [socketOf('u1'), socketOf('u1')];
    const other = socketOf('u2');
    for (const s of [...mine, other]) members.add(s.socket);
    expect(members.emitTo('u1', 'notification:read', { ids: ['n1'] })).toBe(2);
    for (const s of mine) expect(s.sent).toEqual([['notification:read', { ids: ['n1'] }]]);
    expect(other.sent).toEqual([]);
    expect(members.emitTo('nobody', 'notification:read', { ids: [] })).toBe(0);
  });

  it('reads rows for the members connected here in batches of 1,000 ids, and hands each row on', async () => {
    const members = createLocalMembers();
    for (let i = 0; i < 1001; i += 1) members.add(socketOf(`u${i}`).socket);
    const asked: string[][] = [];
    const sent: string[] = [];
    await members.forEachRowOf(
      async (userIds) => {
        asked.push(userIds);
        return userIds.filter((id) => id === 'u0' || id === 'u1000').map((id) => ({ user_id: id }));
      },
      (row) => sent.push(row.user_id),
    );
    expect(asked.map((ids) => ids.length)).toEqual([1000, 1]);
    expect(new Set(asked.flat()).size).toBe(1001);
    expect(sent).toEqual(['u0', 'u1000']);
  });
});
