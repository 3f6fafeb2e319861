import type { TActivation, TAdminActivation } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';

/**
 * Announces activation changes; every server process relays them to its own sockets (the member's
 * `user:<id>` room, the `admins` room). A lost event costs only liveness: the database is the truth and
 * the pages re-read it, so the publisher logs and retries failures instead of throwing at the member.
 */
export function announceStatus(ctx: ServerContext, userId: string, activation: TActivation): Promise<void> {
  return ctx.events.activationUpdate(userId, activation);
}

/** The member's account changed (tier, unlock, profile): their sockets re-read it and get `account:update`. */
export function announceAccount(ctx: ServerContext, userId: string): Promise<void> {
  return ctx.events.accountChanged(userId);
}

export function announceNewProof(
  ctx: ServerContext,
  proof: TAdminActivation,
  replacesId: string | null,
): Promise<void> {
  return ctx.events.activationNew(proof, replacesId);
}

export function announceReviewed(ctx: ServerContext, proof: TAdminActivation): Promise<void> {
  return ctx.events.activationReviewed(proof);
}
