import { createHash } from 'node:crypto';
import {
  bytesToHex,
  createMerkleAccumulator,
  frontierKeys,
  hexToBytes,
  type MerkleNode,
  type MerkleNodeKey,
  type MerkleNodeSource,
  nodesRead,
  type Sha256,
} from '@signalroom/shared';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The Merkle tree over the chain's entries, stored as its completed perfect subtrees
 * (`track_record_tree`, level 0 being the leaves): an append reads at most log2(n) nodes and writes the
 * ones it completes; a proof reads the nodes it names in one query.
 */
type Db = Kysely<Database>;

/** Node's SHA-256 over bytes (faster than the portable one for the server's bulk work). */
export const nodeSha256: Sha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());

const keyOf = (k: MerkleNodeKey) => `${k.level}:${k.index}`;

/** Reads these stored nodes; a missing one is a tree that lags the chain (callers catch up first). */
export async function readNodes(db: Db, keys: readonly MerkleNodeKey[]): Promise<Map<string, Uint8Array>> {
  const found = new Map<string, Uint8Array>();
  for (let i = 0; i < keys.length; i += 200) {
    const batch = keys.slice(i, i + 200);
    const rows = await db
      .selectFrom('track_record_tree')
      .select(['level', 'idx', 'hash'])
      .where((eb) => eb.or(batch.map((k) => eb.and([eb('level', '=', k.level), eb('idx', '=', k.index)]))))
      .execute();
    for (const row of rows) found.set(keyOf({ level: row.level, index: row.idx }), hexToBytes(row.hash));
  }
  return found;
}

/** Runs a tree computation (a root, a proof) on the stored nodes it reads. */
export async function withStoredNodes<T>(db: Db, run: (nodes: MerkleNodeSource) => T): Promise<T> {
  const found = await readNodes(db, nodesRead(run));
  return run((key) => {
    const hash = found.get(keyOf(key));
    if (!hash) throw new Error(`track record tree: node ${keyOf(key)} is missing`);
    return hash;
  });
}

/** How many leaves the stored tree holds. */
async function storedLeaves(db: Db): Promise<number> {
  const row = await db
    .selectFrom('track_record_tree')
    .select((eb) => eb.fn.max('idx').as('last'))
    .where('level', '=', 0)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** The accumulator at `size` leaves, from the stored frontier. */
async function accumulatorAt(db: Db, size: number) {
  const keys = frontierKeys(size);
  const found = await readNodes(db, keys);
  const frontier: MerkleNode[] = keys.map((k) => {
    const hash = found.get(keyOf(k));
    if (!hash) throw new Error(`track record tree: node ${keyOf(k)} is missing`);
    return { ...k, hash };
  });
  return createMerkleAccumulator(nodeSha256, frontier);
}

/** Stores completed nodes, a few hundred per INSERT. */
export async function insertNodes(db: Db, nodes: readonly MerkleNode[]): Promise<void> {
  for (let i = 0; i < nodes.length; i += 500) {
    await db
      .insertInto('track_record_tree')
      .values(nodes.slice(i, i + 500).map((n) => ({ level: n.level, idx: n.index, hash: bytesToHex(n.hash) })))
      .execute();
  }
}

/**
 * The tree's accumulator once it holds every chain entry up to `chainLength`: a chain from before the
 * tree existed (or one a crash left ahead) is indexed here, leaf by leaf from the stored hashes. The
 * tree adds no fact of its own, so this is catching up an index, not appending to the record. Hold the
 * chain lock.
 */
export async function treeAt(db: Db, chainLength: number) {
  const stored = await storedLeaves(db);
  if (stored > chainLength) throw new Error(`track record tree holds ${stored} leaves for ${chainLength} entries`);
  const acc = await accumulatorAt(db, stored);
  for (let after = stored; after < chainLength; ) {
    const rows = await db
      .selectFrom('track_record_chain')
      .select(['seq', 'hash'])
      .where('seq', '>', after)
      .where('seq', '<=', chainLength)
      .orderBy('seq')
      .limit(5000)
      .execute();
    if (rows.length === 0) throw new Error(`track record chain has a gap after #${after}`);
    const completed: MerkleNode[] = [];
    for (const row of rows) completed.push(...acc.push(hexToBytes(row.hash)));
    await insertNodes(db, completed);
    after = rows[rows.length - 1]?.seq ?? chainLength;
  }
  return acc;
}

/** The Merkle root of the first `size` entries, from the stored tree (hex). */
export async function storedRoot(db: Db, size: number): Promise<string> {
  const acc = await accumulatorAt(db, size);
  return bytesToHex(acc.root());
}
