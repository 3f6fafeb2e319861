import { z } from 'zod';

/** Offer countdown: a deadline an admin set. At zero it has ended; nothing restarts it by itself. */
export const ZCountdown = z.object({
  deadline: z.string().nullable(),
  ended: z.boolean(),
  timeLeftMs: z.number().int().nonnegative(),
  timeFormatted: z.object({ hours: z.string(), minutes: z.string(), seconds: z.string() }),
  serverTime: z.string(),
});
export type TCountdown = z.infer<typeof ZCountdown>;

const pad = (n: number) => String(n).padStart(2, '0');

/** hours:minutes:seconds strings for a remaining duration; hours may exceed 24. */
export function formatTimeLeft(ms: number): TCountdown['timeFormatted'] {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    hours: pad(Math.floor(total / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}

/** The countdown state for a deadline at a given moment. */
export function countdownAt(deadline: Date | null, now: Date): TCountdown {
  const timeLeftMs = deadline ? Math.max(0, deadline.getTime() - now.getTime()) : 0;
  return {
    deadline: deadline ? deadline.toISOString() : null,
    ended: timeLeftMs === 0,
    timeLeftMs,
    timeFormatted: formatTimeLeft(timeLeftMs),
    serverTime: now.toISOString(),
  };
}
