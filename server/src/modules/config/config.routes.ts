import { PlatformContract, type TPublicConfig } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';

/** The operator settings the web app needs, so one build serves any operator. */
export function presentPublicConfig(ctx: ServerContext): TPublicConfig {
  const c = ctx.config;
  return {
    productName: c.PRODUCT_NAME,
    supportHandle: c.SUPPORT_HANDLE,
    supportChatUrl: c.supportChatUrl,
    supportEmail: c.SUPPORT_EMAIL,
    whatsappNumber: c.WHATSAPP_NUMBER,
    brokerRegistrationUrl: c.BROKER_REGISTRATION_URL,
    promoCode: c.promoCode,
    bootcampUrl: c.BOOTCAMP_URL,
    contactsConfigured: c.contactsConfigured,
    timeZone: c.TIME_ZONE,
    timeZoneLabel: c.TIME_ZONE_LABEL,
    marketSource: c.MARKET_FEED_URL ? 'feed' : 'simulated',
    signalIntervalMs: c.SIGNAL_INTERVAL_MS,
    silverDailyLimit: c.SILVER_DAILY_LIMIT,
    devOutbox: !c.isProduction,
  };
}

export async function registerConfigRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, PlatformContract.publicConfig, async () => ok(presentPublicConfig(ctx)));
  });
}
