import { type AppendedRepair, appendUnrecordedSignals } from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';

/**
 * Appends the entries of signals the record lacks, with the admin who asked and why written to the
 * audit log in the same transaction (both or neither). The entries say themselves that they came late:
 * their `appendedAt` is now, not when the signal was issued.
 */
export function repairTrackRecord(db: Db, actor: AuditActor, reason: string, at: Date): Promise<AppendedRepair> {
  return appendUnrecordedSignals(db, at, async (trx, repair) => {
    if (repair.appended === 0) return;
    await recordAudit(trx, {
      actor,
      action: 'track-record.repair',
      targetType: 'track-record',
      targetId: null,
      targetLabel: `entries #${repair.firstSeq} to #${repair.lastSeq}`,
      after: repair,
      reason,
    });
  });
}
