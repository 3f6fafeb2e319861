import type { Migration } from 'kysely/migration';
import * as createAuth from './2026-11-22T1200_create_auth.js';
import * as createSignals from './2026-11-22T1300_create_signals.js';
import * as createBotAccess from './2026-11-22T1400_create_bot_access.js';
import * as sessionLastSeen from './2026-11-24T0100_session_last_seen.js';
import * as createActivation from './2026-11-24T0300_create_activation.js';
import * as memberSettings from './2026-11-24T0900_member_settings.js';
import * as createSupport from './2026-11-24T0930_create_support.js';
import * as createAuditLog from './2026-11-24T1050_create_audit_log.js';
import * as createTierGrants from './2026-11-24T1100_create_tier_grants.js';
import * as createOperatorContent from './2026-11-24T1110_create_operator_content.js';
import * as createMemberContent from './2026-11-24T1120_create_member_content.js';
import * as vaultSampleContent from './2026-11-24T1121_vault_sample_content.js';
import * as createPaperTrading from './2026-11-24T1130_create_paper_trading.js';
import * as signalStatsIndexes from './2026-11-24T1130_signal_stats_indexes.js';
import * as createTrackRecord from './2026-11-24T1140_create_track_record.js';
import * as createDelivery from './2026-11-24T1150_create_delivery.js';
import * as createSignalSlotGaps from './2026-11-27T0000_create_signal_slot_gaps.js';
import * as signalIssuedAt from './2026-11-27T0100_signal_issued_at.js';
import * as createLoginDevices from './2026-11-27T0110_create_login_devices.js';
import * as signalFeedIdsAndVoid from './2026-11-27T0200_signal_feed_ids_and_void.js';
import * as createBacktests from './2026-11-27T0300_create_backtests.js';
import * as trackRecordCheckpoints from './2026-11-27T0400_track_record_checkpoints.js';
import * as analystDesk from './2026-11-27T0500_analyst_desk.js';
import * as createApiKeys from './2026-11-27T0900_create_api_keys.js';
import * as memberTimeZone from './2026-11-28T0100_member_time_zone.js';
import * as memberWebhooks from './2026-11-28T0200_member_webhooks.js';
import * as notifications from './2026-11-28T0300_notifications.js';
import * as businessSettingsAndSetup from './2026-11-28T0410_business_settings_and_setup.js';
import * as setupLinkExpiry from './2026-12-02T0141_setup_link_expiry.js';
import * as queueBoardPasses from './2026-12-02T0142_queue_board_passes.js';
import * as proofActiveContent from './2026-12-02T0143_proof_active_content.js';
import * as webhookRetriesAndRecovery from './2026-12-02T0200_webhook_retries_and_recovery.js';
import * as apiKeyExpiryAndRecovery from './2026-12-02T0300_api_key_expiry_and_recovery.js';
import * as recordWitnessing from './2026-12-02T0300_record_witnessing.js';
import * as idempotencyKeys from './2026-12-02T0400_idempotency_keys.js';
import * as slotLedger from './2026-12-02T0500_slot_ledger.js';
import * as riskPlans from './2026-12-02T0600_risk_plans.js';
import * as journalEntries from './2026-12-03T0700_journal_entries.js';
import * as vaultEditor from './2026-12-03T0900_vault_editor.js';
import * as signalAllowancePools from './2026-12-03T1000_signal_allowance_pools.js';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T1200_create_auth': createAuth,
  '2026-11-22T1300_create_signals': createSignals,
  '2026-11-22T1400_create_bot_access': createBotAccess,
  '2026-11-24T0100_session_last_seen': sessionLastSeen,
  '2026-11-24T0300_create_activation': createActivation,
  '2026-11-24T0900_member_settings': memberSettings,
  '2026-11-24T0930_create_support': createSupport,
  '2026-11-24T1050_create_audit_log': createAuditLog,
  '2026-11-24T1100_create_tier_grants': createTierGrants,
  '2026-11-24T1110_create_operator_content': createOperatorContent,
  '2026-11-24T1120_create_member_content': createMemberContent,
  '2026-11-24T1121_vault_sample_content': vaultSampleContent,
  '2026-11-24T1130_create_paper_trading': createPaperTrading,
  '2026-11-24T1140_create_track_record': createTrackRecord,
  '2026-11-24T1150_create_delivery': createDelivery,
  '2026-11-24T1130_signal_stats_indexes': signalStatsIndexes,
  '2026-11-27T0000_create_signal_slot_gaps': createSignalSlotGaps,
  '2026-11-27T0200_signal_feed_ids_and_void': signalFeedIdsAndVoid,
  '2026-11-27T0300_create_backtests': createBacktests,
  '2026-11-27T0400_track_record_checkpoints': trackRecordCheckpoints,
  '2026-11-27T0100_signal_issued_at': signalIssuedAt,
  '2026-11-27T0110_create_login_devices': createLoginDevices,
  '2026-11-27T0500_analyst_desk': analystDesk,
  '2026-11-27T0900_create_api_keys': createApiKeys,
  '2026-11-28T0100_member_time_zone': memberTimeZone,
  '2026-11-28T0200_member_webhooks': memberWebhooks,
  '2026-11-28T0300_notifications': notifications,
  '2026-11-28T0410_business_settings_and_setup': businessSettingsAndSetup,
  '2026-12-02T0141_setup_link_expiry': setupLinkExpiry,
  '2026-12-02T0142_queue_board_passes': queueBoardPasses,
  '2026-12-02T0143_proof_active_content': proofActiveContent,
  '2026-12-02T0300_record_witnessing': recordWitnessing,
  '2026-12-02T0200_webhook_retries_and_recovery': webhookRetriesAndRecovery,
  '2026-12-02T0300_api_key_expiry_and_recovery': apiKeyExpiryAndRecovery,
  '2026-12-02T0400_idempotency_keys': idempotencyKeys,
  '2026-12-02T0500_slot_ledger': slotLedger,
  '2026-12-02T0600_risk_plans': riskPlans,
  '2026-12-03T0700_journal_entries': journalEntries,
  '2026-12-03T0900_vault_editor': vaultEditor,
  '2026-12-03T1000_signal_allowance_pools': signalAllowancePools,
};
