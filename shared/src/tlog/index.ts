/**
 * Transparency-log formats of the C2SP documents, pure and browser-safe: signed notes and verifier keys,
 * checkpoints, Ed25519 cosignatures, the witness protocol's wire format, and tiles. Published as
 * `@signalroom/shared/tlog`. The RFC 6962 Merkle tree it builds on is the track record's
 * (track-record-merkle.ts), re-exported here so a log client needs one import.
 */

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
} from '../track-record-merkle.js';
export * from './checkpoint.js';
export * from './cosignature.js';
export { decodeBase64, decodeUtf8, encodeBase64, equalBytes, readUint64 } from './encoding.js';
export * from './note-keys.js';
export * from './note-verifier.js';
export * from './signed-note.js';
export * from './tile-proofs.js';
export * from './tiles.js';
export * from './witness-protocol.js';
