import type { Migration } from 'kysely/migration';
import * as createAuth from './2026-11-22T1200_create_auth.js';
import * as createSignals from './2026-11-22T1300_create_signals.js';
import * as createBotAccess from './2026-11-22T1400_create_bot_access.js';
import * as sessionLastSeen from './2026-11-24T0100_session_last_seen.js';
import * as createActivation from './2026-11-24T0300_create_activation.js';
import * as memberSettings from './2026-11-24T0900_member_settings.js';
import * as createSupport from './2026-11-24T0930_create_support.js';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T1200_create_auth': createAuth,
  '2026-11-22T1300_create_signals': createSignals,
  '2026-11-22T1400_create_bot_access': createBotAccess,
  '2026-11-24T0100_session_last_seen': sessionLastSeen,
  '2026-11-24T0300_create_activation': createActivation,
  '2026-11-24T0900_member_settings': memberSettings,
  '2026-11-24T0930_create_support': createSupport,
};
