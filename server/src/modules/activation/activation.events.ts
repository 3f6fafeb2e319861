import type { TActivation, TAdminActivation, TBusEvent } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';

/**
 * Announces activation changes on the bus; every server process relays them to its own sockets (the
 * member's `user:<id>` room, the `admins` room). A lost event costs only liveness: the database is the
 * truth and the pages re-read it, so publishing failures are logged, not thrown at the member.
 */
async function publish(ctx: ServerContext, event: TBusEvent): Promise<void> {
  await ctx.bus.publish(event).catch((error) => {
    ctx.logger.warn({ err: error, type: event.type }, 'activation event not published');
  });
}

export function announceStatus(ctx: ServerContext, userId: string, activation: TActivation): Promise<void> {
  return publish(ctx, { type: 'activation:update', userId, activation });
}

/** The member's account changed (tier, unlock, profile): their sockets re-read it and get `account:update`. */
export function announceAccount(ctx: ServerContext, userId: string): Promise<void> {
  return publish(ctx, { type: 'account:changed', userId });
}

export function announceNewProof(
  ctx: ServerContext,
  proof: TAdminActivation,
  replacesId: string | null,
): Promise<void> {
  return publish(ctx, { type: 'activation:new', proof, replacesId });
}

export function announceReviewed(ctx: ServerContext, proof: TAdminActivation): Promise<void> {
  return publish(ctx, { type: 'activation:reviewed', proof });
}
