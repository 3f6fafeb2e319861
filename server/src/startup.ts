import {
  OPERATOR_CONTACT_LABELS,
  type OperatorContact,
  type TPublicConfig,
  unconfiguredContacts,
} from '@signalroom/shared';
import type { ServerContext } from './context.js';
import { createOrPromoteAdmin } from './modules/admin/admin-accounts.js';
import { offerSetupToken, type SetupLink } from './modules/setup/setup.service.js';
import { checkTrackRecordAtStart } from './modules/track-record/track-record.health.js';
import { presentPublicConfig } from './ops/config/config.routes.js';

/** The environment variables that set each contact, for the operator reading the server's log. */
const CONTACT_VARIABLES: Record<OperatorContact, string> = {
  supportChat: 'SUPPORT_HANDLE / SUPPORT_CHAT_URL',
  supportEmail: 'SUPPORT_EMAIL',
  whatsapp: 'WHATSAPP_NUMBER',
  brokerRegistration: 'BROKER_REGISTRATION_URL',
  bootcamp: 'BOOTCAMP_URL',
};

/**
 * In production, says which operator settings are still placeholders: contacts left at their shipped
 * defaults (pages hide or mark them, admins see a notice) and a missing PUBLIC_URL (e-mail links then
 * use the address this process listens on, which visitors behind a proxy cannot open, and pages served
 * from another address cannot open a socket), and webhooks allowed to reach the local network.
 */
export function warnAboutPlaceholders(
  ctx: Pick<ServerContext, 'config' | 'logger'>,
  /** The contacts in force: the environment's, or those saved on the admin Settings screen. */
  contacts: Pick<TPublicConfig, 'contactsConfigured'> = ctx.config,
): string[] {
  if (!ctx.config.isProduction) return [];
  const warnings: string[] = [];
  const missing = unconfiguredContacts(contacts);
  if (missing.length > 0) {
    warnings.push(
      `Operator contacts not configured (hidden from members; set them on the admin Settings screen, or in the environment): ${missing
        .map((contact) => `${OPERATOR_CONTACT_LABELS[contact]} (${CONTACT_VARIABLES[contact]})`)
        .join(', ')}`,
    );
  }
  if (!ctx.config.PUBLIC_URL) {
    warnings.push(
      'PUBLIC_URL is not set: links in e-mails use the address this server listens on, and sockets are ' +
        'accepted only from pages on that address (or ALLOWED_ORIGINS)',
    );
  }
  if (ctx.config.webhookAllowLocal) {
    warnings.push(
      'WEBHOOK_ALLOW_LOCAL=true: members can point webhooks at http and at loopback, private and link-local ' +
        'addresses, so the server will post into its own network',
    );
  }
  for (const warning of warnings) ctx.logger.warn(warning);
  return warnings;
}

/**
 * Work done once at start, after migrations: warnings about placeholder settings, a look at a remote
 * file store, the track record's key and a report of signals it lacks (never appended here), the admin bootstrap from ADMIN_EMAIL/ADMIN_PASSWORD (creates that admin with a verified
 * e-mail, or promotes the existing account of that address). Answers the one-time setup link (a fresh
 * token at every start, and its expiry) to print when there is still no admin.
 */
export async function runStartupTasks(ctx: ServerContext): Promise<{ setupLink: SetupLink | null }> {
  warnAboutPlaceholders(ctx, await presentPublicConfig(ctx));
  // A remote store is asked for its bucket without holding the start up: wrong settings show in the
  // log before the first upload, and a store that is down at start is no reason not to serve.
  void ctx.files.check?.();
  await checkTrackRecordAtStart(ctx);
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const { change, user } = await createOrPromoteAdmin(
      ctx.db,
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      ctx.now(),
    );
    if (change !== 'unchanged') {
      ctx.logger.info({ change, userId: user.id }, `admin ${ADMIN_EMAIL} ${change} from configuration`);
      await ctx.events.accountChanged(user.id);
    }
  } else if (ADMIN_EMAIL || ADMIN_PASSWORD) {
    ctx.logger.warn('ADMIN_EMAIL and ADMIN_PASSWORD must be set together; no admin bootstrapped');
  }
  return { setupLink: await offerSetupToken(ctx) };
}
