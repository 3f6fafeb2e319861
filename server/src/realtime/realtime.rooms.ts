import { type AccessFields, Rooms, signalAccessMode, signalTierOf } from '@signalroom/shared';

/**
 * The rooms a socket belongs in, decided by the server alone from the member's current record and the
 * time: everyone hears countdown ticks in `public`; only members with live
 * signal access (unlocked, not guest) join their `tier:<tier>` room; admins join `tier:gold` whatever
 * their own tier (they see every member page at full access) and `admins`; other members in their trial
 * join `trial` (delayed signals) until `trialEndsAt`. One shared rule (`signalAccessMode`) decides.
 */
export function roomsFor(user: AccessFields | null, now: Date = new Date()): string[] {
  const rooms: string[] = [Rooms.public];
  if (!user) return rooms;
  const tier = signalTierOf(user);
  if (tier) rooms.push(Rooms.tier(tier));
  else if (signalAccessMode(user, now) === 'delayed') rooms.push(Rooms.trial);
  if (user.role === 'admin') rooms.push(Rooms.admins);
  return rooms;
}

/** What must change to go from the rooms a socket is in to the rooms it should be in. */
export function roomChanges(current: Iterable<string>, target: readonly string[]): { leave: string[]; join: string[] } {
  const have = new Set(current);
  const want = new Set(target);
  return {
    leave: [...have].filter((room) => !want.has(room)),
    join: [...want].filter((room) => !have.has(room)),
  };
}
