import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import webpush from 'web-push';
import type { Db } from '../../db/database.js';

/** The keys this deployment generates once and keeps in the database, shared by every server process. */
export interface DeliverySecrets {
  vapid: { publicKey: string; privateKey: string };
  /** Signs one-click unsubscribe links. */
  unsubscribeKey: string;
}

/** Reads a secret, creating it on first use; when two processes start at once the first insert wins. */
async function secret(db: Db, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The deployment's VAPID key pair and unsubscribe key, generated on the first start. */
export async function loadDeliverySecrets(db: Db): Promise<DeliverySecrets> {
  const vapid = JSON.parse(
    await secret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as DeliverySecrets['vapid'];
  const unsubscribeKey = await secret(db, 'unsubscribe', () => randomBytes(32).toString('base64url'));
  return { vapid, unsubscribeKey };
}

function signature(key: string, userId: string): string {
  return createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');
}

/** The token of a member's unsubscribe link: their id and its signature (no row to look up or expire). */
export function unsubscribeToken(key: string, userId: string): string {
  return `${userId}.${signature(key, userId)}`;
}

/** The member a token speaks for, or null when its signature does not match. */
export function memberOfUnsubscribeToken(key: string, token: string): string | null {
  const [userId, given] = token.split('.');
  if (!userId || !given) return null;
  const expected = Buffer.from(signature(key, userId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? userId : null;
}
