import { z } from 'zod';

/** Whether an amount has at most two decimals (cents), allowing for binary floating point. */
export const isCents = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An amount of money in a range, to the cent, every refusal with the one message. */
export const zMoney = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).min(range.min, message).max(range.max, message).refine(isCents, message);
