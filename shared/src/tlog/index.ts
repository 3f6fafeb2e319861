/**
 * Transparency-log formats of the C2SP documents, pure and browser-safe: signed notes and verifier keys,
 * checkpoints, Ed25519 cosignatures, the witness protocol's wire format, and tiles. Published as
 * `@signalroom/shared/tlog`, with the RFC 6962 Merkle tree they build on (merkle.ts: C2SP's
 * merkle-tree), which the track record uses for its own log.
 */

export * from './checkpoint.js';
export * from './cosignature.js';
export { decodeBase64, decodeUtf8, encodeBase64, equalBytes, readUint64 } from './encoding.js';
export {
  consistencyProof,
  createMerkleAccumulator,
  inclusionProof,
  type MerkleNode,
  type MerkleNodeKey,
  type MerkleNodeSource,
  merkleLeafHash,
  merkleNodeHash,
  merkleRoot,
  nodesRead,
  verifyConsistency,
  verifyInclusion,
} from './merkle.js';
export * from './note-keys.js';
export * from './note-verifier.js';
export * from './signed-note.js';
export * from './tile-proofs.js';
export * from './tiles.js';
export * from './witness-protocol.js';
