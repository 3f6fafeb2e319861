/**
 * The track record: the log's entries and their canonical encoding (entries.ts), its whole Merkle tree
 * in memory (memory-tree.ts, on the RFC 6962 tree of ../tlog/merkle.ts, re-exported here), its signed checkpoints and notes (checkpoint.ts, note.ts), when entries
 * count as witnessed (witnessing.ts), the figures from its signals (stats.ts) and the outside verifier
 * (verify.ts). The C2SP formats it speaks live beside it in ../tlog/.
 */

export * from '../tlog/merkle.js';
export * from './checkpoint.js';
export * from './entries.js';
export * from './memory-tree.js';
export * from './note.js';
export * from './stats.js';
export * from './verify.js';
export * from './witnessing.js';
