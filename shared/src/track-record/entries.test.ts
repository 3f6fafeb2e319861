import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519NoteSigner, encodeBase64 } from '../tlog/index.js';
import {
  checkTrackRecord,
  createTrackRecordChecker,
  encodeTrackRecordPayload,
  keyChangeFailure,
  keyEndorsementMessage,
  statedSlot,
  TRACK_RECORD_GENESIS_HASH,
  type TTrackRecordEntry,
  type TTrackRecordPayload,
  trackRecordHashInput,
} from './entries.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const signal: TTrackRecordPayload = {
  v: 1,
  kind: 'signal',
  id: 'a1',
  asset: 'EUR/USD (OTC)',
  direction: 'CALL',
  entryPrice: 1.0845,
  confidence: 62.5,
  slot: '2026-11-24T10:00:00.000Z',
  issuedAt: '2026-11-24T10:00:00Z',
  expiresAt: '2026-11-24T10:05:00.000Z',
  strategy: 'momentum-v1',
  feed: 'simulated',
};

function chain(payloads: TTrackRecordPayload[]): TTrackRecordEntry[] {
  let prev = TRACK_RECORD_GENESIS_HASH;
  return payloads.map((payload, i) => {
    const hash = sha256(trackRecordHashInput(prev, payload));
    const entry = { seq: i + 1, prevHash: prev, hash, payload };
    prev = hash;
    return entry;
  });
}

describe('encodeTrackRecordPayload', () => {
  it('writes fixed key order, fixed times and shortest numbers', () => {
    expect(encodeTrackRecordPayload(signal)).toBe(
      '{"v":1,"kind":"signal","id":"a1","asset":"EUR/USD (OTC)","direction":"CALL","entryPrice":1.0845,' +
        '"confidence":62.5,"slot":"2026-11-24T10:00:00.000Z","issuedAt":"2026-11-24T10:00:00.000Z",' +
        '"expiresAt":"2026-11-24T10:05:00.000Z","strategy":"momentum-v1","feed":"simulated"}',
    );
  });

  it('does not depend on the order of the object keys', () => {
    const shuffled = Object.fromEntries(Object.entries(signal).reverse()) as TTrackRecordPayload;
    expect(encodeTrackRecordPayload(shuffled)).toBe(encodeTrackRecordPayload(signal));
  });

  it('refuses numbers a record cannot hold', () => {
    expect(() => encodeTrackRecordPayload({ ...signal, entryPrice: Number.NaN })).toThrow(/finite/);
  });
});

describe('checkTrackRecord', () => {
  const first = chain([signal]);
  const outcome: TTrackRecordPayload = {
    v: 1,
    kind: 'outcome',
    signalHash: first[0]?.hash ?? '',
    outcome: 'profit',
    status: 'closed',
    level: 0,
    exitPrice: 1.085,
    resolvedAt: '2026-11-24T10:05:00.000Z',
  };
  const entries = chain([signal, outcome, { ...signal, id: 'a2' }]);

  it('holds for an untouched chain and names its head', () => {
    expect(checkTrackRecord(entries, sha256)).toMatchObject({ ok: true, length: 3, head: entries[2]?.hash });
  });

  it('names the entry whose content changed', () => {
    const tampered = entries.map((e) =>
      e.seq === 2 ? { ...e, payload: { ...outcome, outcome: 'loss' as const } } : e,
    );
    expect(checkTrackRecord(tampered, sha256)).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it('names a missing entry', () => {
    expect(checkTrackRecord([entries[0], entries[2]] as TTrackRecordEntry[], sha256)).toMatchObject({
      ok: false,
      brokenAt: 2,
    });
  });

  it('refuses an outcome of a signal it never issued', () => {
    const orphan = chain([{ ...outcome, signalHash: 'f'.repeat(64) }]);
    expect(checkTrackRecord(orphan, sha256)).toMatchObject({ ok: false, brokenAt: 1 });
  });
});

describe('slots in the log', () => {
  const modelSignal: TTrackRecordPayload = {
    v: 2,
    kind: 'signal',
    id: 'b1',
    asset: 'EUR/USD',
    direction: 'PUT',
    entryPrice: 1.1,
    confidence: 60,
    slot: '2026-12-02T10:00:00.000Z',
    issuedAt: '2026-12-02T10:00:00.200Z',
    expiresAt: '2026-12-02T10:05:00.000Z',
    source: 'model:momentum-v1',
    feed: 'simulated',
    appendedAt: '2026-12-02T10:00:00.200Z',
    salt: '00',
  };
  const closed: TTrackRecordPayload = {
    v: 2,
    kind: 'slot',
    slot: '2026-12-02T10:05:00Z',
    state: 'market-closed',
    reason: 'The market was closed',
    appendedAt: '2026-12-02T10:05:00.100Z',
  };

  it('encodes a slot entry in its fixed order with canonical times', () => {
    expect(encodeTrackRecordPayload(closed)).toBe(
      '{"v":2,"kind":"slot","slot":"2026-12-02T10:05:00.000Z","state":"market-closed",' +
        '"reason":"The market was closed","appendedAt":"2026-12-02T10:05:00.100Z"}',
    );
    expect(statedSlot(closed)).toBe('2026-12-02T10:05:00.000Z');
    expect(statedSlot(modelSignal)).toBe('2026-12-02T10:00:00.000Z');
    const desk = { ...modelSignal, source: 'analyst:u1' } as TTrackRecordPayload;
    expect(statedSlot(desk)).toBeNull();
  });

  it('holds for each slot stated once, and refuses a slot stated twice, by a gap or a second signal', () => {
    expect(checkTrackRecord(chain([modelSignal, closed]), sha256)).toMatchObject({ ok: true, length: 2 });
    const twice = chain([modelSignal, { ...closed, slot: modelSignal.slot, state: 'missed' } as TTrackRecordPayload]);
    expect(checkTrackRecord(twice, sha256)).toEqual({
      ok: false,
      brokenAt: 2,
      reason: 'it states a slot the record already stated',
    });
    const again = chain([closed, { ...closed, appendedAt: '2026-12-02T10:06:00.000Z' } as TTrackRecordPayload]);
    expect(checkTrackRecord(again, sha256)).toMatchObject({ ok: false, brokenAt: 2 });
    // A desk signal in the same slot states no slot: both stand.
    const desk = { ...modelSignal, id: 'b2', source: 'analyst:u1' } as TTrackRecordPayload;
    expect(checkTrackRecord(chain([modelSignal, desk]), sha256)).toMatchObject({ ok: true });
  });

  it('names an entry whose time has no canonical form instead of throwing', () => {
    const [entry] = chain([closed]);
    const broken = { ...entry, payload: { ...closed, slot: 'not a time' } } as TTrackRecordEntry;
    expect(checkTrackRecord([broken], sha256)).toEqual({
      ok: false,
      brokenAt: 1,
      reason: 'its content has a time or number out of form',
    });
  });
});

describe("the log's keys", () => {
  const origin = 'example.com/track-record';
  const first = ed25519NoteSigner(origin, new Uint8Array(32).fill(1));
  const second = ed25519NoteSigner(origin, new Uint8Array(32).fill(2));
  const at = '2026-12-02T00:00:00.000Z';
  const genesis: TTrackRecordPayload = {
    v: 2,
    kind: 'key',
    key: first.verifierKey,
    previous: null,
    endorsement: null,
    appendedAt: at,
  };
  const endorsed = (by: typeof first, key: string): TTrackRecordPayload => ({
    v: 2,
    kind: 'key',
    key,
    previous: first.verifierKey,
    endorsement: encodeBase64(by.sign(keyEndorsementMessage(key)).signature),
    appendedAt: at,
  });

  it('follows a key changed with the endorsement of the key before it', () => {
    const entries = chain([genesis, signal, endorsed(first, second.verifierKey)]);
    const checker = createTrackRecordChecker(sha256);
    for (const entry of entries) expect(checker.add(entry)).toBeNull();
    expect(checker.keyAt(2)).toBe(first.verifierKey);
    expect(checker.keyAt(3)).toBe(second.verifierKey);
  });

  it('refuses a new key the key in force did not endorse, or that replaces another key', () => {
    expect(checkTrackRecord(chain([genesis, endorsed(second, second.verifierKey)]), sha256)).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'the key in force did not endorse it',
    });
    const elsewhere = ed25519NoteSigner('other.example/log', new Uint8Array(32).fill(3));
    const wrongPrevious = { ...endorsed(first, second.verifierKey), previous: elsewhere.verifierKey };
    expect(checkTrackRecord(chain([genesis, wrongPrevious]), sha256)).toMatchObject({
      ok: false,
      reason: 'it does not replace the key in force',
    });
    expect(keyChangeFailure(endorsed(first, elsewhere.verifierKey) as never, first.verifierKey)).toBe(
      'the new key has another name than the log',
    );
  });

  it('refuses a first key that claims a previous one, and a payout that is no percentage', () => {
    expect(keyChangeFailure({ ...genesis, previous: second.verifierKey } as never, null)).toBe(
      'the first key names a previous key',
    );
    const payout: TTrackRecordPayload = { v: 2, kind: 'payout', payoutPercent: 180, appendedAt: at };
    expect(checkTrackRecord(chain([genesis, payout]), sha256)).toMatchObject({ ok: false, brokenAt: 2 });
  });
});
