import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import {
  createTrackRecordChecker,
  type TTrackRecordEntry,
  type TTrackRecordSignalPayload,
  ZTrackRecordEntry,
} from './track-record.js';
import {
  checkpointExtends,
  checkpointLabel,
  type TTrackRecordCheckpoint,
  verifyCheckpointSignature,
  ZTrackRecordCheckpoint,
  ZTrackRecordKey,
} from './track-record-checkpoint.js';
import { bytesToHex, hexToBytes, merkleLeafHash, type Sha256, verifyInclusion } from './track-record-merkle.js';
import type { TrackRecordFacts } from './track-record-stats.js';

/**
 * The outside verifier of a track record, written against the public API only (web standards: fetch,
 * streams, TextDecoder), so the command-line script and the standalone page run the same checks:
 * every entry's hash and link, the Merkle root of the public record against the latest signed
 * checkpoint (by an RFC 9162 consistency proof), each checkpoint or entry hash the user kept, and
 * optionally the server's whole checkpoint history. It also gathers the facts every published figure is
 * computed from, in the record's order.
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

/** Saved checkpoints: a JSON array of them, or one JSON object a line. */
export function parseCheckpoints(text: string): TTrackRecordCheckpoint[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const items: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : trimmed
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as unknown);
  return items.map((item) => ZTrackRecordCheckpoint.parse(item));
}

export interface VerifyOptions {
  /** The site, e.g. https://signals.example.com */
  base: string;
  expect?: readonly ExpectedEntry[];
  checkpoints?: readonly TTrackRecordCheckpoint[];
  /** Also check every checkpoint the server says it signed. */
  history?: boolean;
  sha256Hex?: (text: string) => string;
  merkleSha256?: Sha256;
  fetch?: typeof fetch;
  onProgress?: (entries: number) => void;
}

/** Resolved signals of the record with the place of their outcome entry, in the order the record issued them. */
export interface RecordedFact extends TrackRecordFacts {
  issueSeq: number;
  outcomeSeq: number;
}

export interface VerifyReport {
  ok: boolean;
  /** What failed, each naming what and where; empty when everything holds. */
  problems: string[];
  /** What was checked and held. */
  passed: string[];
  length: number;
  head: string;
  root: string;
  publicKey: string | null;
  latest: TTrackRecordCheckpoint | null;
  facts: RecordedFact[];
}

/** Runs every check; never throws for a broken record (only for a site that cannot be read). */
export async function verifyTrackRecordOnline(options: VerifyOptions): Promise<VerifyReport> {
  const get = options.fetch ?? fetch;
  const api = (path: string) => new URL(`/api/track-record${path}`, options.base).toString();
  const json = async <T>(path: string, parse: (data: unknown) => T): Promise<T> => {
    const response = await get(api(path));
    const body = (await response.json()) as { data?: unknown; message?: string };
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.message ?? ''}`);
    return parse(body.data);
  };
  const problems: string[] = [];
  const passed: string[] = [];

  const { publicKey } = await json('/key', (d) => ZTrackRecordKey.parse(d));
  const readLatest = async () => {
    const checkpoint = await json('/head', (d) =>
      ZTrackRecordCheckpoint.nullable().parse((d as { checkpoint?: unknown }).checkpoint ?? null),
    );
    if (checkpoint && !verifyCheckpointSignature(checkpoint, publicKey))
      problems.push("the latest checkpoint's signature does not verify");
    return checkpoint;
  };
  let latest = await readLatest();

  const saved = [...(options.checkpoints ?? [])];
  if (options.history) saved.push(...(await checkpointHistory(json)));
  for (const cp of saved) {
    if (!verifyCheckpointSignature(cp, publicKey))
      problems.push(`checkpoint ${checkpointLabel(cp)} is not signed by this record's key`);
  }
  const expected = [...(options.expect ?? [])];

  // Stream the public record, checking each entry and each kept hash or checkpoint as it passes.
  const checker = createTrackRecordChecker(options.sha256Hex ?? portableSha256Hex, options.merkleSha256);
  const issues = new Map<string, { seq: number; payload: TTrackRecordSignalPayload }>();
  const facts: RecordedFact[] = [];
  let broken = false;
  const compareAt = (length: number) => {
    const { head, root } = checker.result();
    for (const e of expected.filter((x) => x.seq === length)) {
      if (e.hash === head) passed.push(`entry #${e.seq} is the one kept`);
      else problems.push(`entry #${e.seq} is not the one kept: history was rewritten`);
    }
    for (const cp of saved.filter((x) => x.size === length)) {
      const holds = checkpointExtends(cp, { size: length, head, root }, []);
      if (holds.ok) passed.push(`checkpoint ${checkpointLabel(cp)} holds`);
      else problems.push(`checkpoint ${checkpointLabel(cp)}: ${holds.reason}`);
    }
  };
  compareAt(0);
  const response = await get(api('/download'));
  if (!response.ok || !response.body) throw new Error(`/download answered ${response.status}`);
  for await (const line of lines(response.body)) {
    if (line.trim() === '') continue;
    const parsed = ZTrackRecordEntry.safeParse(safeJson(line));
    if (!parsed.success) {
      problems.push(`entry #${checker.length + 1} is not readable`);
      broken = true;
      break;
    }
    const failure = checker.add(parsed.data);
    if (failure) {
      problems.push(`entry #${failure.brokenAt}: ${failure.reason}`);
      broken = true;
      break;
    }
    collectFact(parsed.data, issues, facts);
    compareAt(checker.length);
    if (checker.length % 5000 === 0) options.onProgress?.(checker.length);
  }
  const { length, head, root } = checker.result();
  if (!broken) passed.push(`${length} public entries rehashed and linked`);
  // A live record grows while it is read: entries appended after the first look at the head come with
  // checkpoints of their own. The head read once more must cover everything downloaded.
  if (latest && latest.size < length) latest = await readLatest();

  // What lies beyond the public record is proven against the latest checkpoint.
  if (latest && !broken) {
    // A server that cannot prove its own checkpoint answers an error: that is a finding, not a failure to check.
    const proofFrom = async (size: number): Promise<string[]> =>
      json(`/proofs/consistency?from=${size}&to=${latest.size}`, (d) => (d as { proof: string[] }).proof).catch(
        (error: Error) => {
          problems.push(
            `the server cannot prove checkpoint ${checkpointLabel(latest)} from ${size} entries: ${error.message}`,
          );
          return ['0'.repeat(64)];
        },
      );
    const publicHolds =
      latest.size < length
        ? {
            ok: false as const,
            reason: `the latest checkpoint signs ${latest.size} entries, fewer than the ${length} public`,
          }
        : checkpointExtends(
            { size: length, head, root },
            latest,
            latest.size === length ? [] : await proofFrom(length),
          );
    if (publicHolds.ok) passed.push(`the latest checkpoint ${checkpointLabel(latest)} extends the public record`);
    else problems.push(`the public record and the latest checkpoint disagree: ${publicHolds.reason}`);
    for (const cp of saved.filter((x) => x.size > length)) {
      const holds =
        cp.size > latest.size
          ? checkpointExtends(cp, latest, [])
          : checkpointExtends(cp, latest, await proofFrom(cp.size));
      if (holds.ok) passed.push(`checkpoint ${checkpointLabel(cp)} holds`);
      else problems.push(`checkpoint ${checkpointLabel(cp)}: ${holds.reason}`);
    }
    for (const e of expected.filter((x) => x.seq > length)) {
      if (e.seq > latest.size) {
        problems.push(`entry #${e.seq} is kept but the record holds ${latest.size} entries: history was rewritten`);
        continue;
      }
      const proof = await json(`/proofs/inclusion?seq=${e.seq}&size=${latest.size}`, (d) => d as { proof: string[] });
      const holds = verifyInclusion(
        merkleLeafHash(hexToBytes(e.hash)),
        e.seq - 1,
        latest.size,
        proof.proof.map(hexToBytes),
        hexToBytes(latest.root),
      );
      if (holds) passed.push(`entry #${e.seq} (not public yet) is in the latest checkpoint`);
      else problems.push(`entry #${e.seq} is not the one kept: history was rewritten`);
    }
  } else if (!latest && saved.some((cp) => cp.size > 0)) {
    problems.push('the record signs no checkpoint any more, but one was kept');
  }
  return { ok: problems.length === 0, problems, passed, length, head, root, publicKey, latest, facts };
}

async function checkpointHistory(
  json: <T>(path: string, parse: (data: unknown) => T) => Promise<T>,
): Promise<TTrackRecordCheckpoint[]> {
  const all: TTrackRecordCheckpoint[] = [];
  let after = 0;
  for (;;) {
    const page = await json(
      `/checkpoints?after=${after}&limit=1000`,
      (d) => d as { checkpoints: (TTrackRecordCheckpoint & { id: number })[]; nextAfter: number | null },
    );
    for (const { id: _id, ...cp } of page.checkpoints) all.push(ZTrackRecordCheckpoint.parse(cp));
    if (page.nextAfter === null) return all;
    after = page.nextAfter;
  }
}

function collectFact(
  entry: TTrackRecordEntry,
  issues: Map<string, { seq: number; payload: TTrackRecordSignalPayload }>,
  facts: RecordedFact[],
): void {
  const p = entry.payload;
  if (p.kind === 'signal') {
    issues.set(entry.hash, { seq: entry.seq, payload: p });
    return;
  }
  const issue = issues.get(p.signalHash);
  if (!issue || p.outcome === null || p.level === null) return;
  facts.push({
    asset: issue.payload.asset,
    direction: issue.payload.direction,
    confidence: issue.payload.confidence,
    outcome: p.outcome,
    endLevel: p.level,
    resolvedAt: p.resolvedAt ?? '',
    issueSeq: issue.seq,
    outcomeSeq: entry.seq,
  });
}

/** The facts of the first `length` entries, in the order the record issued their signals. */
export function factsOfRecord(facts: readonly RecordedFact[], length: number): TrackRecordFacts[] {
  return facts
    .filter((f) => f.outcomeSeq <= length)
    .sort((a, b) => a.issueSeq - b.issueSeq)
    .map(({ issueSeq: _i, outcomeSeq: _o, ...fact }) => fact);
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    // Not JSON: the caller reports the entry as unreadable.
    return null;
  }
}

/** The lines of a UTF-8 stream. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    rest += decoder.decode(value, { stream: true });
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    yield* parts;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}
