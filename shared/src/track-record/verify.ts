import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { entryBundlePath } from '../tlog/index.js';
import {
  bytesToHex,
  hexToBytes,
  merkleLeafHash,
  type Sha256,
  verifyConsistency,
  verifyInclusion,
} from '../tlog/merkle.js';
import { createTrackRecordChecker, type TTrackRecordEntry, trackRecordHashInput } from './entries.js';
import { createMemoryTree } from './memory-tree.js';
import { noteSignedBy, quorumTime, type ReadCheckpointNote, readCheckpointNote, verifiedCosignatures } from './note.js';
import type { TrackRecordFacts } from './stats.js';
import { createPayoutLedger, createQuorumIndex, type QuorumPoint, witnessVerdict } from './witnessing.js';

/**
 * The outside verifier of a track record, written against the public API only (web standards: fetch,
 * streams, TextDecoder), so the command-line script and the standalone page run the same checks. It
 * trusts the witnesses it is given, not the site: the latest checkpoint must carry the log's signature
 * (of the key pinned, or the one the site serves, said so) and a quorum of those witnesses'
 * cosignatures; every public entry is rehashed, linked and its kind's rules held (keys endorsed by the
 * key before them); the public log's root must be extended by that checkpoint (RFC 9162); every
 * checkpoint or entry hash kept from earlier must still hold. Then, from the cosigned checkpoints the
 * site lists, each verified under the witnesses' keys, it recomputes which signals were witnessed in
 * time and so may count, and the figures from those alone, and sets them against what the site
 * publishes: a signal the site counts that the witnesses do not vouch for is a finding.
 */

/** SHA-256 hex of a text's UTF-8 bytes, portable (the browser's verifier; Node passes its own). */
export const portableSha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** An entry hash someone kept (from a page, an e-mail, a push or a message): entry #seq had this hash. */
export interface ExpectedEntry {
  seq: number;
  hash: string;
}

/** Reads `<seq>:<hash>`, as `--expect` takes it. */
export function parseExpectedEntry(text: string): ExpectedEntry | null {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { seq: Number(match[1]), hash: match[2] as string } : null;
}

/** Checkpoints kept as signed notes, separated by blank-line-free runs: each note ends after its signature lines. */
export function parseKeptNotes(text: string): string[] {
  const notes: string[] = [];
  let current: string[] = [];
  let inSignatures = false;
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (inSignatures && !line.startsWith('\u2014 ')) {
      notes.push(`${current.join('\n')}\n`);
      current = [];
      inSignatures = false;
    }
    if (line === '' && current.length === 0) continue;
    current.push(line);
    if (line === '') inSignatures = true;
  }
  if (current.length > 0 && inSignatures) notes.push(`${current.join('\n').replace(/\n+$/, '')}\n`);
  return notes;
}

/** The trusted witnesses whose cosignature of a note holds, with the time each gave. */
export type CosignatureResult = { witness: string; timestamp: number }[];

/**
 * One cosigned checkpoint as listed by the site, read and checked under the witnesses' keys: its size
 * and the cosignatures that hold, or null when it is not a signed checkpoint note. The log's own
 * signature is not checked again on each: a witness verifies it before it cosigns (C2SP tlog-witness:
 * "The witness MUST verify the checkpoint signature against the public key(s) it trusts for the
 * checkpoint origin"), so a quorum of cosignatures already says the log signed it. The latest
 * checkpoint and every kept one are still checked against the log's key. A year holds over a hundred
 * thousand of these notes: the second signature a note was half the verifier page's time.
 */
export type CheckpointVerdict = { size: number; cosignatures: CosignatureResult } | null;

/** Reads and checks cosigned checkpoints here, with the portable Ed25519 (see CheckpointVerdict). */
export function verifyCheckpointsHere(notes: readonly string[], witnesses: readonly string[]): CheckpointVerdict[] {
  return notes.map((note) => {
    let read: ReadCheckpointNote;
    try {
      read = readCheckpointNote(note);
    } catch {
      return null;
    }
    const cosignatures = verifiedCosignatures(read, witnesses).map(({ witness, timestamp }) => ({
      witness,
      timestamp,
    }));
    return { size: read.checkpoint.size, cosignatures };
  });
}

export interface VerifyOptions {
  /** The site, e.g. https://signals.example.com */
  base: string;
  /** The log's key pinned out of band; absent, the one the site serves is taken (and the report says so). */
  logKey?: string;
  /** The witnesses trusted: cosignature verifier keys. */
  witnesses?: readonly string[];
  /** How many of them must cosign (default: all). */
  quorum?: number;
  /** The merge delay to hold signals to (default: the one the site states). */
  maxMergeDelaySeconds?: number;
  expect?: readonly ExpectedEntry[];
  /** Checkpoints (signed notes) kept from earlier. */
  kept?: readonly string[];
  sha256Hex?: (text: string) => string;
  /**
   * SHA-256 hex of many texts at once, where the platform's fast hash answers asynchronously (the
   * browser's WebCrypto: several times the portable code's speed): each bundle of entries is hashed
   * ahead of its checks.
   */
  sha256HexBatch?: (texts: string[]) => Promise<string[]>;
  merkleSha256?: Sha256;
  fetch?: typeof fetch;
  /**
   * Reads and checks many cosigned checkpoints at once, where the platform has something faster than
   * verifyCheckpointsHere (a native Ed25519, another thread): a year holds over a hundred thousand. It
   * runs while the entries are checked.
   */
  verifyCheckpoints?: (notes: string[], witnesses: readonly string[]) => Promise<CheckpointVerdict[]>;
  onProgress?: (phase: 'entries' | 'witnesses', done: number, total: number) => void;
  /** The clock (ms) for signals still within their merge delay. */
  now?: number;
}

export interface VerifiedSignal extends TrackRecordFacts {
  seq: number;
  verdict: ReturnType<typeof witnessVerdict>;
  /** In time, and its outcome witnessed too: what every figure may count. */
  counted: boolean;
}

export interface VerifyReport {
  ok: boolean;
  problems: string[];
  passed: string[];
  /** Public entries checked. */
  length: number;
  size: number;
  root: string;
  verifierKey: string | null;
  /** The latest checkpoint as the site served it. */
  checkpoint: string | null;
  /** Witnesses whose cosignature of the latest checkpoint verified. */
  cosigners: string[];
  /** Resolved signals of the public log, with where each stands against the witnessing rule. */
  signals: VerifiedSignal[];
}

interface SiteSummary {
  head: { length: number };
  counted: { counted: number; late: number; unwitnessed: number; awaiting: number };
  witnessing: { maxMergeDelaySeconds: number };
  stats: { resolvedSignals: number; overall: { firstWindow: { won: number } } } | null;
}

/** Runs every check; never throws for a broken record (only for a site that cannot be read). */
export async function verifyTrackRecordOnline(options: VerifyOptions): Promise<VerifyReport> {
  const get = options.fetch ?? fetch;
  const url = (path: string) => new URL(`/api/track-record${path}`, options.base).toString();
  const text = async (path: string, accept = 'text/plain'): Promise<string> => {
    const response = await get(url(path), { headers: { accept } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.text();
  };
  const json = async <T>(path: string): Promise<T> => {
    const response = await get(url(path), { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { data?: unknown; message?: string };
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.message ?? ''}`);
    return body.data as T;
  };
  const problems: string[] = [];
  const passed: string[] = [];
  const witnesses = [...(options.witnesses ?? [])];
  const quorum = options.quorum ?? witnesses.length;

  // The key and the latest checkpoint, with its signature and the witnesses' cosignatures.
  const servedKey = (await text('/key')).trim();
  if (options.logKey) passed.push('the log key is the one pinned');
  else passed.push(`the log key was taken from the site (pin it to check it): ${servedKey}`);
  // No checkpoint served is a finding, reported below, not a reason to stop.
  let note = await text('/checkpoint').catch(() => null);
  // The site's figures and the public length they cover, read together.
  const summary = await json<SiteSummary>('/summary');
  const head = summary.head;
  const maxMergeDelayMs = (options.maxMergeDelaySeconds ?? summary.witnessing.maxMergeDelaySeconds) * 1000;

  // The cosigned checkpoints the site lists, read and checked while the entries are (on another thread
  // where the page has one); awaited once the entries are done.
  const cosigned = quorum === 0 ? null : createCosignedCheckpoints(json, witnesses, options);

  // Every public entry: rehashed, linked, its kind's rules; facts gathered in log order.
  const merkle = options.merkleSha256;
  const tree = createMemoryTree(merkle);
  const checker = createTrackRecordChecker(options.sha256Hex ?? portableSha256Hex, merkle, tree);
  const collected = collectFacts();
  let broken = false;
  read: for await (const batch of publicEntries(get, url, head.length, (done) =>
    options.onProgress?.('entries', done, head.length),
  )) {
    const hashes = options.sha256HexBatch ? await contentHashes(batch, options.sha256HexBatch) : [];
    for (const [i, entry] of batch.entries()) {
      if (!entry) {
        problems.push(`entry #${checker.length + 1} is not readable`);
        broken = true;
        break read;
      }
      const failure = checker.add(entry, hashes[i] ?? undefined);
      if (failure) {
        problems.push(`entry #${failure.brokenAt}: ${failure.reason}`);
        broken = true;
        break read;
      }
      collected.add(entry);
    }
  }
  const { length, root } = checker.result();
  if (!broken) passed.push(`${length} public entries rehashed and linked`);
  // A live log grows while it is read: a checkpoint read before the entries may sign fewer than came.
  if (note && readCheckpointNote(note).checkpoint.size < length) note = await text('/checkpoint').catch(() => null);
  let latest: ReadCheckpointNote | null = null;
  let cosigners: string[] = [];
  if (note) {
    latest = readCheckpointNote(note);
    if (!noteSignedBy(latest, servedKey)) problems.push("the latest checkpoint does not carry the log's signature");
    cosigners = verifiedCosignatures(latest, witnesses).map((c) => c.witness);
    if (cosigners.length < quorum) {
      problems.push(`the latest checkpoint carries ${cosigners.length} of the ${quorum} witness cosignatures required`);
    } else if (quorum > 0) passed.push(`the latest checkpoint is cosigned by ${cosigners.join(', ')}`);
  } else if (quorum > 0) problems.push('the site serves no checkpoint');
  if (options.logKey && !checker.keys().some((k) => k.key === options.logKey)) {
    problems.push('the pinned key is not one the log ever announced');
  }
  if (checker.keys().length > 0 && !checker.keys().some((k) => k.key === servedKey)) {
    problems.push('the key the site serves is not one its log announced');
  }
  if (options.logKey && options.logKey !== servedKey && !checker.keys().some((k) => k.key === servedKey)) {
    problems.push('the site serves another key than the one pinned, and its log never announced the change');
  }

  // The latest checkpoint must extend the public log.
  if (latest && !broken) {
    const size = latest.checkpoint.size;
    if (size < length) problems.push(`the latest checkpoint signs ${size} entries, fewer than the ${length} public`);
    else {
      const proof =
        size === length
          ? []
          : (await json<{ proof: string[] }>(`/proofs/consistency?from=${length}&to=${size}`)).proof.map(hexToBytes);
      if (verifyConsistency(length, size, tree.root(), latest.checkpoint.rootHash, proof)) {
        passed.push(`the latest checkpoint (${size} entries) extends the public log`);
      } else problems.push('the public log and the latest checkpoint disagree: history was rewritten');
    }
  }

  // What was kept from earlier still holds.
  for (const kept of options.kept ?? []) {
    await checkKept(kept, { tree, length, latest, json, keys: checker.keys().map((k) => k.key), problems, passed });
  }
  for (const e of options.expect ?? []) {
    if (e.seq <= length) {
      if (bytesToHex(tree.leafData(e.seq - 1)) === e.hash) passed.push(`entry #${e.seq} is the one kept`);
      else problems.push(`entry #${e.seq} is not the one kept: history was rewritten`);
    } else if (latest && e.seq <= latest.checkpoint.size) {
      const proof = await json<{ proof: string[] }>(`/proofs/inclusion?seq=${e.seq}&size=${latest.checkpoint.size}`);
      const holds = verifyInclusion(
        merkleLeafHash(hexToBytes(e.hash), merkle),
        e.seq - 1,
        latest.checkpoint.size,
        proof.proof.map(hexToBytes),
        latest.checkpoint.rootHash,
      );
      if (holds) passed.push(`entry #${e.seq} (not public yet) is in the latest checkpoint`);
      else problems.push(`entry #${e.seq} is not the one kept: history was rewritten`);
    } else problems.push(`entry #${e.seq} is kept but the record holds fewer entries: history was rewritten`);
  }

  // When each entry was witnessed, from the cosigned checkpoints, under the witnesses' keys only.
  const index = cosigned
    ? createQuorumIndex(await cosigned.quorumPoints(length, quorum, collected.keyAt, problems))
    : null;
  const now = options.now ?? Date.now();
  const signals = collected.signals(length).map((s) => ({
    ...s,
    verdict: witnessVerdict({
      windowStart: s.windowStart,
      witnessedAt: index ? index.witnessedAt(s.seq) : s.appendedAt,
      maxMergeDelayMs,
      now,
    }),
  }));
  const isCounted = (s: (typeof signals)[number]) =>
    s.verdict === 'in-time' && (!index || index.witnessedAt(s.outcomeSeq) !== null);
  const counted = signals.filter(isCounted);
  if (!broken) compareWithSite(summary, counted, signals, problems, passed);
  return {
    ok: problems.length === 0,
    problems,
    passed,
    length,
    size: latest?.checkpoint.size ?? length,
    root,
    verifierKey: servedKey,
    checkpoint: note,
    cosigners,
    signals: signals.map(({ windowStart: _w, appendedAt: _a, outcomeSeq: _o, ...rest }, i) => ({
      ...rest,
      counted: isCounted(signals[i] as (typeof signals)[number]),
    })),
  };
}

/** The site's counts and headline against what the witnesses vouch for. */
function compareWithSite(
  summary: SiteSummary,
  counted: readonly { outcome: string; endLevel: number }[],
  signals: readonly { verdict: string }[],
  problems: string[],
  passed: string[],
): void {
  const late = signals.filter((s) => s.verdict === 'late').length;
  const unwitnessed = signals.filter((s) => s.verdict === 'unwitnessed').length;
  if (summary.counted.counted > counted.length) {
    problems.push(
      `the site counts ${summary.counted.counted} signals; the witnesses vouch for ${counted.length} in time`,
    );
  } else passed.push(`${counted.length} signals witnessed in time (${late} late, ${unwitnessed} unwitnessed)`);
  if (summary.stats) {
    const won = counted.filter((s) => s.outcome === 'profit' && s.endLevel === 0).length;
    if (summary.stats.resolvedSignals > counted.length || summary.stats.overall.firstWindow.won > won) {
      problems.push('the published figures count signals the witnesses do not vouch for');
    }
  }
}

/**
 * The cosigned checkpoints the site lists, fetched page by page and checked as each page comes, from
 * the moment it is created. `quorumPoints` then tops the list up with any checkpoint cosigned since (a
 * live log grows while it is read: the entries may run past the last checkpoint listed) and answers
 * when each checkpoint had its quorum.
 */
function createCosignedCheckpoints(
  json: <T>(path: string) => Promise<T>,
  witnesses: readonly string[],
  options: VerifyOptions,
) {
  type Listed = { id: number; verdict: CheckpointVerdict };
  const listed: Listed[] = [];
  let after = 0;
  let checked = 0;
  const verify = options.verifyCheckpoints ?? (async (notes, keys) => verifyCheckpointsHere(notes, keys));
  /**
   * Lists and checks every checkpoint after the cursor: the next page is asked for while the last one
   * is checked (a year is over a hundred pages; waiting for each check first doubled the time).
   */
  const listFrom = async (): Promise<void> => {
    const checking: Promise<void>[] = [];
    for (;;) {
      const page = await json<{ checkpoints: { id: number; note: string }[]; nextAfter: number | null }>(
        `/checkpoints?after=${after}&limit=1000`,
      );
      const pageChecked = verify(
        page.checkpoints.map((cp) => cp.note),
        witnesses,
      ).then((verdicts) => {
        page.checkpoints.forEach((cp, i) => {
          listed.push({ id: cp.id, verdict: verdicts[i] ?? null });
        });
        checked += page.checkpoints.length;
        options.onProgress?.('witnesses', checked, checked);
      });
      // Awaited below; a page that fails while a later one is fetched is not left unhandled.
      pageChecked.catch(() => undefined);
      checking.push(pageChecked);
      const last = page.checkpoints.at(-1);
      if (last) after = last.id;
      if (page.nextAfter === null) break;
      after = page.nextAfter;
    }
    await Promise.all(checking);
  };
  const first = listFrom();
  // Awaited in quorumPoints; a failure meanwhile is not left unhandled.
  first.catch(() => undefined);
  return {
    async quorumPoints(
      length: number,
      quorum: number,
      keyAt: (size: number) => string | null,
      problems: string[],
    ): Promise<QuorumPoint[]> {
      await first;
      const largest = Math.max(0, ...listed.map((l) => l.verdict?.size ?? 0));
      if (largest < length) await listFrom();
      return listed.flatMap(({ id, verdict }) => {
        if (!verdict) {
          problems.push(`cosigned checkpoint ${id} is not a signed note`);
          return [];
        }
        // A checkpoint of a size no key of the log covers was never the log's, whoever cosigned it.
        if (!keyAt(verdict.size)) {
          problems.push(`cosigned checkpoint ${id} is older than the log's first key`);
          return [];
        }
        const at = quorumTime(
          verdict.cosignatures.map((c) => c.timestamp),
          quorum,
        );
        return at === null ? [] : [{ size: verdict.size, at: at * 1000 }];
      });
    },
  };
}

async function checkKept(
  kept: string,
  ctx: {
    tree: ReturnType<typeof createMemoryTree>;
    length: number;
    latest: ReadCheckpointNote | null;
    json: <T>(path: string) => Promise<T>;
    keys: readonly string[];
    problems: string[];
    passed: string[];
  },
): Promise<void> {
  let read: ReadCheckpointNote;
  try {
    read = readCheckpointNote(kept);
  } catch {
    ctx.problems.push('a kept checkpoint is not a signed note');
    return;
  }
  const { size, rootHash } = read.checkpoint;
  const label = `kept checkpoint of ${size} entries`;
  if (!ctx.keys.some((key) => noteSignedBy(read, key))) {
    ctx.problems.push(`${label} is not signed by a key of this log`);
    return;
  }
  if (size <= ctx.length) {
    if (bytesToHex(ctx.tree.rootAt(size)) === bytesToHex(rootHash)) ctx.passed.push(`${label} holds`);
    else ctx.problems.push(`${label}: the log's first ${size} entries are not the ones it signed`);
    return;
  }
  if (!ctx.latest || ctx.latest.checkpoint.size < size) {
    ctx.problems.push(`${label}: the log now holds fewer entries than it signed`);
    return;
  }
  const { proof } = await ctx.json<{ proof: string[] }>(
    `/proofs/consistency?from=${size}&to=${ctx.latest.checkpoint.size}`,
  );
  const holds = verifyConsistency(
    size,
    ctx.latest.checkpoint.size,
    rootHash,
    ctx.latest.checkpoint.rootHash,
    proof.map(hexToBytes),
  );
  if (holds) ctx.passed.push(`${label} holds`);
  else ctx.problems.push(`${label}: the log no longer extends it`);
}

/** Signals with their outcomes and the payout logged at their issue, as the entries pass. */
function collectFacts() {
  type Pending = Omit<TrackRecordFacts, 'outcome' | 'endLevel' | 'resolvedAt'> & {
    seq: number;
    windowStart: number;
    appendedAt: number;
  };
  const issued = new Map<string, Pending>();
  const resolved: (Pending & TrackRecordFacts & { outcomeSeq: number })[] = [];
  const keys: { seq: number; key: string }[] = [];
  const payouts = createPayoutLedger<Pending>((signal, payoutPercent) => {
    signal.payoutPercent = payoutPercent;
  });
  return {
    add(entry: TTrackRecordEntry) {
      const p = entry.payload;
      if (p.kind === 'key') keys.push({ seq: entry.seq, key: p.key });
      if (p.kind === 'payout') payouts.payout(p.payoutPercent);
      if (p.kind === 'signal') {
        const signal: Pending = {
          seq: entry.seq,
          asset: p.asset,
          direction: p.direction,
          confidence: p.confidence,
          windowStart: Date.parse(p.slot),
          appendedAt: Date.parse(p.v === 1 ? p.issuedAt : p.appendedAt),
        };
        payouts.signal(signal);
        issued.set(entry.hash, signal);
      }
      if (p.kind === 'outcome' && p.outcome !== null && p.level !== null) {
        const signal = issued.get(p.signalHash);
        if (signal) {
          resolved.push({
            ...signal,
            outcome: p.outcome,
            endLevel: p.level,
            resolvedAt: p.resolvedAt ?? '',
            outcomeSeq: entry.seq,
          });
        }
      }
    },
    keyAt(size: number): string | null {
      let key: string | null = null;
      for (const k of keys) if (k.seq <= size) key = k.key;
      return key;
    },
    /** Resolved signals of the first `length` entries, in the order the log issued them. */
    signals(length: number) {
      return resolved.filter((s) => s.outcomeSeq <= length).sort((a, b) => a.seq - b.seq);
    },
  };
}

/**
 * Each entry's content hash as the checker would work it out, hashed in one batch; null where the entry
 * is unreadable or has no canonical form (the checker then finds and names the fault itself).
 */
async function contentHashes(
  batch: readonly (TTrackRecordEntry | null)[],
  sha256HexBatch: (texts: string[]) => Promise<string[]>,
): Promise<(string | null)[]> {
  const inputs = batch.map((entry) => {
    try {
      return entry ? trackRecordHashInput(entry.prevHash, entry.payload) : null;
    } catch {
      return null;
    }
  });
  const texts = inputs.filter((input): input is string => input !== null);
  const hashes = await sha256HexBatch(texts);
  let next = 0;
  return inputs.map((input) => (input === null ? null : (hashes[next++] ?? null)));
}

/**
 * The public entries in order, a batch at a time: bundles of 256 (immutable, cacheable) fetched in
 * parallel, then the rest by page.
 */
async function* publicEntries(
  get: typeof fetch,
  url: (path: string) => string,
  length: number,
  onProgress: (done: number) => void,
): AsyncGenerator<(TTrackRecordEntry | null)[]> {
  const full = Math.floor(length / 256);
  const PARALLEL = 6;
  const bundle = async (index: number): Promise<string> => {
    const response = await get(url(`/contents/${entryBundlePath(index).slice('tile/entries/'.length)}`));
    if (!response.ok) throw new Error(`bundle ${index} answered ${response.status}`);
    return response.text();
  };
  const inFlight: Promise<string>[] = [];
  for (let i = 0; i < Math.min(PARALLEL, full); i += 1) inFlight.push(bundle(i));
  let done = 0;
  for (let index = 0; index < full; index += 1) {
    const body = await (inFlight.shift() as Promise<string>);
    if (index + PARALLEL < full) inFlight.push(bundle(index + PARALLEL));
    yield body
      .split('\n')
      .filter((line) => line !== '')
      .map(readEntry);
    done += 256;
    if (index % 20 === 0) onProgress(done);
  }
  for (let after = full * 256; after < length; ) {
    const page = await get(url(`?after=${after}&limit=1000`));
    const body = (await page.json()) as { data?: { entries: unknown[] } };
    const entries = body.data?.entries ?? [];
    if (entries.length === 0) break;
    const batch: (TTrackRecordEntry | null)[] = [];
    for (const entry of entries) {
      const read = readEntry(JSON.stringify(entry));
      batch.push(read);
      if (!read || read.seq >= length) break;
    }
    yield batch;
    const last = batch.at(-1);
    if (!last) return;
    after = last.seq;
    if (after >= length) break;
  }
  onProgress(length);
}

/**
 * An entry as published, checked only for its shape: the checker rehashes its payload, and a payload
 * with no canonical encoding is reported there (encoding it here as well cost a second pass a year long).
 */
function readEntry(line: string): TTrackRecordEntry | null {
  try {
    const entry = JSON.parse(line) as TTrackRecordEntry;
    if (typeof entry?.seq !== 'number' || typeof entry.hash !== 'string' || typeof entry.prevHash !== 'string')
      return null;
    const payload: unknown = entry.payload;
    if (typeof payload !== 'object' || payload === null || typeof (payload as { kind?: unknown }).kind !== 'string')
      return null;
    return entry;
  } catch {
    // Not an entry: reported by the caller.
    return null;
  }
}
