import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { brandFieldsOf, savedBusinessSettings } from './business-settings.service.js';
import type { LiveBrand } from './live-brand.types.js';

/**
 * Keeps the business's name and contacts as saved now. An admin's save reaches this process at once and
 * every other process within `refreshMs` (each reads the saved settings again on a timer: one small
 * query, however many mails go out). Payout and time zone are not here: they take effect at the next
 * start (configWithBusinessSettings).
 */
export function createLiveBrand(options: {
  config: AppConfig;
  db: Db;
  logger: { error(details: object, message: string): void; warn(details: object, message: string): void };
  refreshMs?: number;
}): LiveBrand {
  let fields = brandFieldsOf(options.config, null);
  const refresh = async () => {
    try {
      const { value } = await savedBusinessSettings({ db: options.db, logger: options.logger });
      fields = brandFieldsOf(options.config, value);
    } catch (error) {
      // The database is away: mails keep the name and contacts read last.
      options.logger.warn({ err: error }, 'saved business settings unreadable; e-mails keep the last ones');
    }
  };
  const timer = setInterval(() => void refresh(), options.refreshMs ?? 10_000);
  timer.unref();
  return {
    current: () => fields,
    set(next) {
      fields = next;
    },
    close: () => clearInterval(timer),
  };
}
