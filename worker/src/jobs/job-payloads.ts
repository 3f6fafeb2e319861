import { z } from 'zod';

/** Payload of JOBS.generateSignal: nothing; the slot comes from the scheduler's time for the job. */
export const ZGenerateSignalJob = z.object({}).loose();
/** Payload of JOBS.resolveSignal. */
export const ZResolveSignalJob = z.object({ signalId: z.uuid() });
export type TResolveSignalJob = z.infer<typeof ZResolveSignalJob>;

/** The scheduler id behind every generate job (its job ids are `repeat:<id>:<slot epoch ms>`). */
export const SIGNAL_SCHEDULER_ID = 'signal-slots';

/** Deterministic id of the job that judges the window of a signal ending at `at`. */
export function resolveJobId(signalId: string, at: Date): string {
  return `resolve-${signalId}-${at.getTime()}`;
}

/**
 * The slot a scheduled run belongs to: the boundary nearest its nominal time, or null when the run is
 * not on a boundary (more than a tenth of an interval away), which a slot must never be issued for.
 */
export function slotForRun(nominalMs: number, intervalMs: number): Date | null {
  const slot = Math.round(nominalMs / intervalMs) * intervalMs;
  return Math.abs(nominalMs - slot) <= intervalMs / 10 ? new Date(slot) : null;
}
