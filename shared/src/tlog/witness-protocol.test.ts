import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './encoding.js';
import { NoteFormatError } from './signed-note.js';
import {
  ADD_CHECKPOINT_PATH,
  formatAddCheckpointRequest,
  formatTlogSize,
  MAX_CONSISTENCY_PROOF_LINES,
  parseAddCheckpointRequest,
  parseTlogSize,
  TLOG_SIZE_CONTENT_TYPE,
  WitnessProtocolError,
} from './witness-protocol.js';

// The example request body of C2SP tlog-witness (add-checkpoint).
const PROOF = [
  'PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=',
  'jrJZDmY8Y7SyJE0MWLpLozkIVMSMZcD5kvuKxPC3swk=',
  '5+pKlUdi2LeF/BcMHBn+Ku6yhPGNCswZZD1X/6QgPd8=',
  '/6WVhPs2CwSsb5rYBH5cjHV/wSmA79abXAwhXw3Kj/0=',
];
const NOTE = `example.com/behind-the-sofa
20852163
CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=

— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=
— example.com/behind-the-sofa opLqBQsREYCgu6xQkYQwJr9fo45a62DN9EdmHXnZdXNqlcVGlCum2Wks+49/V6267UEjw6QUXTS5Rovnzv++qbSzm9Q=
`;
const SPEC_REQUEST = `old 20852014\n${PROOF.map((line) => `${line}\n`).join('')}\n${NOTE}`;

const status = (body: string): number | string => {
  try {
    parseAddCheckpointRequest(body);
    return 'accepted';
  } catch (error) {
    if (error instanceof WitnessProtocolError) return error.status;
    throw error;
  }
};

describe('parseAddCheckpointRequest', () => {
  it('reads the example request of C2SP tlog-witness', () => {
    const request = parseAddCheckpointRequest(SPEC_REQUEST);
    expect(request.oldSize).toBe(20852014);
    expect(request.proof.map(encodeBase64)).toEqual(PROOF);
    expect(request.checkpointNote).toBe(NOTE);
    expect(request.checkpoint).toMatchObject({ origin: 'example.com/behind-the-sofa', size: 20852163 });
    expect(request.note.signatures.map((sig) => sig.keyId.toString(16).padStart(8, '0'))).toEqual([
      '033de0ae',
      'a292ea05',
    ]);
    expect(formatAddCheckpointRequest(request)).toBe(SPEC_REQUEST);
  });

  it('reads a first request: old size 0 and no proof', () => {
    const request = parseAddCheckpointRequest(`old 0\n\n${NOTE}`);
    expect(request).toMatchObject({ oldSize: 0, proof: [] });
  });

  it(`accepts ${MAX_CONSISTENCY_PROOF_LINES} proof lines and refuses 64 with 400`, () => {
    const lines = (n: number) => `${PROOF[0]}\n`.repeat(n);
    expect(parseAddCheckpointRequest(`old 1\n${lines(63)}\n${NOTE}`).proof).toHaveLength(63);
    expect(status(`old 1\n${lines(64)}\n${NOTE}`)).toBe(400);
  });

  it.each([
    ['no old line', `\n${NOTE}`],
    ['an old size with a leading zero', `old 01\n\n${NOTE}`],
    ['a zero old size written 00', `old 00\n\n${NOTE}`],
    ['a negative old size', `old -1\n\n${NOTE}`],
    ['two spaces after old', `old  1\n\n${NOTE}`],
    ['a capitalised Old', `Old 1\n\n${NOTE}`],
    ['an old size beyond 2^53 - 1', `old 9007199254740992\n\n${NOTE}`],
    ['an old size larger than the checkpoint', `old 20852164\n\n${NOTE}`],
    ['a proof line that is not base64', `old 1\nnot base64!\n\n${NOTE}`],
    ['a proof hash of 31 bytes', `old 1\n${btoa('x'.repeat(31))}\n\n${NOTE}`],
    ['a proof line without padding', `old 1\n${PROOF[0]!.slice(0, -1)}\n\n${NOTE}`],
    ['carriage returns', SPEC_REQUEST.replaceAll('\n', '\r\n')],
    ['no blank line before the checkpoint', `old 0\n${NOTE}`],
    ['nothing after the blank line', 'old 0\n\n'],
    ['no newline at all', 'old 0'],
    ['a checkpoint without signatures', `old 0\n\n${NOTE.slice(0, NOTE.indexOf('\n\n') + 1)}`],
    ['a checkpoint with a bad size', `old 0\n\n${NOTE.replace('20852163', '020852163')}`],
    ['a note with a control character', `old 0\n\n${NOTE.replace('sofa\n', 'sofa\x7f\x1b\n')}`],
  ])('refuses %s with 400', (_, body) => {
    expect(status(body)).toBe(400);
  });
});

describe('formatAddCheckpointRequest', () => {
  it('refuses what the witness would refuse', () => {
    const hash = decodeBase64(PROOF[0]!)!;
    expect(() => formatAddCheckpointRequest({ oldSize: -1, proof: [], checkpointNote: NOTE })).toThrow(
      WitnessProtocolError,
    );
    expect(() => formatAddCheckpointRequest({ oldSize: 1, proof: Array(64).fill(hash), checkpointNote: NOTE })).toThrow(
      WitnessProtocolError,
    );
    expect(() => formatAddCheckpointRequest({ oldSize: 1, proof: [hash.slice(1)], checkpointNote: NOTE })).toThrow(
      WitnessProtocolError,
    );
    expect(() => formatAddCheckpointRequest({ oldSize: 1, proof: [], checkpointNote: 'no note\n' })).toThrow(
      NoteFormatError,
    );
  });
});

describe('the size answer (409)', () => {
  it('is the decimal size and a newline, of type text/x.tlog.size', () => {
    expect(TLOG_SIZE_CONTENT_TYPE).toBe('text/x.tlog.size');
    expect(ADD_CHECKPOINT_PATH).toBe('/add-checkpoint');
    expect(formatTlogSize(20852014)).toBe('20852014\n');
    expect(parseTlogSize('20852014\n')).toBe(20852014);
    expect(parseTlogSize('0\n')).toBe(0);
  });

  it.each(['', '1', '01\n', '1\n\n', ' 1\n', '-1\n', '1.0\n'])('refuses %j', (body) => {
    expect(() => parseTlogSize(body)).toThrow(WitnessProtocolError);
  });
});
