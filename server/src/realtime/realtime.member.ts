import { createHash } from 'node:crypto';
import type { TUser } from '@signalroom/shared';
import type { ServerContext } from '../context.js';
import { presentUser } from '../sessions/user-row.js';
import { findUsersByIds } from './realtime.repository.js';
import type { RealtimeSocket, SocketMember } from './realtime.types.js';

/** The part of a member's record a socket keeps (see SocketMember). */
function socketMemberOf(user: TUser): SocketMember {
  return {
    id: user.id,
    tier: user.tier,
    dashboardUnlocked: user.dashboardUnlocked,
    role: user.role,
    trialEndsAt: user.trialEndsAt,
  };
}

/**
 * A number that changes when anything in the member's record changes (the first 48 bits of the SHA-256
 * of its JSON): the sweep compares it to send `account:update` only for a changed record, without
 * keeping the record on every socket. A number fits in the socket's data without a string of its own.
 */
export function accountDigest(user: TUser): number {
  return createHash('sha256').update(JSON.stringify(user)).digest().readUIntBE(0, 6);
}

/**
 * Keeps on a socket what it holds of its member's record, as read now: the access fields and the
 * record's digest (given when the caller has it already, as the sweep does once per member).
 */
export function keepMemberRecord(socket: RealtimeSocket, user: TUser, digest = accountDigest(user)): void {
  socket.data.member = socketMemberOf(user);
  socket.data.accountDigest = digest;
}

/** Sets who a socket is: its member (or null, anonymous) and the session it authenticated with. */
export function setSocketMember(socket: RealtimeSocket, user: TUser | null, tokenHash: string | null): void {
  if (user) keepMemberRecord(socket, user);
  else {
    socket.data.member = null;
    socket.data.accountDigest = null;
  }
  socket.data.tokenHash = user ? tokenHash : null;
}

/** A socket's member's whole record as it is now (null if anonymous or gone), read by id. */
export async function readSocketUser(ctx: ServerContext, socket: RealtimeSocket): Promise<TUser | null> {
  const id = socket.data.member?.id;
  if (!id) return null;
  const [row] = await findUsersByIds(ctx.db, [id]);
  return row ? presentUser(row) : null;
}
