import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { LIMITS, type TUser } from '@signalroom/shared';
import type { Db } from '../../src/db/database.js';
import { generateSecret, hashSecret } from '../../src/http/tokens.js';
import { insertSession } from '../../src/sessions/sessions.repository.js';
import { presentUser } from '../../src/sessions/user-row.js';

export interface MemberOptions {
  tier?: TUser['tier'];
  dashboardUnlocked?: boolean;
  role?: TUser['role'];
  email?: string;
  password?: string;
  fullName?: string;
  emailVerified?: boolean;
  /**
   * End of the guest trial. Default: 24 h after now (a member who just confirmed); a past date is a
   * member whose trial has ended, null one who never had it.
   */
  trialEndsAt?: Date | null;
}

export interface CreatedMember {
  user: TUser;
  token: string;
  password: string;
}

let passwordHashCache: { password: string; hash: string } | null = null;

/**
 * Inserts a member straight into the database with a live session, for tests that are not about
 * registration: `createMember(db, { tier: 'gold' })`. Unlocked defaults to true for non-guest tiers.
 */
export async function createMember(db: Db, options: MemberOptions = {}): Promise<CreatedMember> {
  const password = options.password ?? 'Passw0rdX';
  if (passwordHashCache?.password !== password) passwordHashCache = { password, hash: await hash(password) };
  const tier = options.tier ?? 'guest';
  const now = new Date();
  const row = await db
    .insertInto('users')
    .values({
      email: options.email ?? `member-${randomBytes(5).toString('hex')}@example.com`,
      full_name: options.fullName ?? 'Test Member',
      phone: '+2348012345678',
      country: 'Nigeria',
      telegram: null,
      password_hash: passwordHashCache.hash,
      role: options.role ?? 'member',
      tier,
      dashboard_unlocked: options.dashboardUnlocked ?? tier !== 'guest',
      has_deposited: tier !== 'guest',
      access_path: null,
      admission_code: `SR-${randomBytes(4).toString('hex').toUpperCase()}`,
      email_verified_at: options.emailVerified === false ? null : now,
      trial_ends_at:
        options.trialEndsAt !== undefined
          ? options.trialEndsAt
          : options.emailVerified === false
            ? null
            : new Date(now.getTime() + LIMITS.trialDurationMs),
      broker_account_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = generateSecret();
  await insertSession(db, row.id, hashSecret(token), new Date(now.getTime() + LIMITS.sessionTtlMs));
  return { user: presentUser(row), token, password };
}
