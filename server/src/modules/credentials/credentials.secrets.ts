import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { LIMITS } from '@signalroom/shared';
import { hashSecret } from '../../http/tokens.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Argon2id (the library's `Algorithm.Argon2id`; a const enum cannot be imported under isolatedModules). */
const ARGON2ID = 2;

function randomChars(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Argon2id with the library's defaults (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password; with no stored hash it still runs argon2 against a dummy hash, so an unknown
 * e-mail takes as long to refuse as a wrong password (no enumeration by timing).
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    // A hash argon2 cannot read is no match (the same answer as a wrong password).
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  // A stored hash argon2 cannot read is no match, never a 500 on login.
  return verify(storedHash, password).catch(() => false);
}

/** 10 upper-case letters and digits from a secure random source. */
export function generateConfirmationCode(): string {
  return randomChars(LIMITS.confirmationCodeLength);
}

/** Codes are short, so their hash is bound to the member: a leaked hash cannot be matched across accounts. */
export function hashConfirmationCode(userId: string, code: string): string {
  return hashSecret(`email-code:${userId}:${code}`);
}

/** The member's own access code, quoted to support. */
export function generateAdmissionCode(): string {
  return `SR-${randomChars(8)}`;
}

/** A one-time dashboard unlock code, grouped for reading aloud: XXXX-XXXX-XXXX (62 bits). */
export function generateDashboardCode(): string {
  const raw = randomChars(12);
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** Dashboard codes compare without case, dashes or spaces. */
export function normalizeDashboardCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function hashDashboardCode(userId: string, code: string): string {
  return hashSecret(`dashboard-code:${userId}:${normalizeDashboardCode(code)}`);
}
