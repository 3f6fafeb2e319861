import { PlatformContract, type TPublicConfig } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { savedSuccessLinks } from '../../modules/content/content.service.js';
import { savedBusinessSettings, withBusinessSettings } from '../../modules/setup/business-settings.service.js';

/**
 * The operator settings the web app needs, so one build serves any operator. Contacts and links an
 * admin saved as operator content replace the configured ones (and count as configured), and the
 * business settings saved at /setup or on the Settings screen replace both.
 */
export async function presentPublicConfig(ctx: ServerContext): Promise<TPublicConfig> {
  const { value: business } = await savedBusinessSettings(ctx);
  return withBusinessSettings(await withSuccessLinks(ctx, configuredPublicConfig(ctx)), business);
}

async function withSuccessLinks(ctx: ServerContext, fromConfig: TPublicConfig): Promise<TPublicConfig> {
  const saved = await savedSuccessLinks(ctx);
  if (!saved) return fromConfig;
  return {
    ...fromConfig,
    ...saved,
    contactsConfigured: {
      ...fromConfig.contactsConfigured,
      supportChat: true,
      brokerRegistration: true,
      bootcamp: true,
    },
  };
}

function configuredPublicConfig(ctx: ServerContext): TPublicConfig {
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
    marketSource: ctx.market.info.id,
    marketLabel: ctx.market.info.label,
    assets: [...ctx.market.assets],
    signalIntervalMs: c.SIGNAL_INTERVAL_MS,
    payoutPercent: c.PAYOUT_PERCENT,
    silverDailyLimit: c.SILVER_DAILY_LIMIT,
    devOutbox: !c.isProduction,
    supportHours: c.supportHours,
  };
}

export async function registerConfigRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, PlatformContract.publicConfig, async () => ok(await presentPublicConfig(ctx)));
  });
}
