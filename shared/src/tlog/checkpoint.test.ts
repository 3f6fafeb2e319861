import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { CheckpointFormatError, EMPTY_TREE_HASH, formatCheckpoint, parseCheckpoint } from './checkpoint.js';
import { decodeBase64 } from './encoding.js';

// The example checkpoint of C2SP tlog-checkpoint.
const SPEC_BODY = 'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
const ROOT = 'CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=';

describe('parseCheckpoint', () => {
  it('reads the example checkpoint of C2SP tlog-checkpoint', () => {
    const cp = parseCheckpoint(SPEC_BODY);
    expect(cp.origin).toBe('example.com/behind-the-sofa');
    expect(cp.size).toBe(20852163);
    expect(cp.rootHash).toEqual(decodeBase64(ROOT));
    expect(cp.extensions).toEqual([]);
    expect(formatCheckpoint(cp)).toBe(SPEC_BODY);
  });

  it('keeps extension lines, and an origin that is not a URL', () => {
    const body = `any origin at all\n0\n${ROOT}\nfirst extension\nsecond\n`;
    const cp = parseCheckpoint(body);
    expect(cp).toMatchObject({ origin: 'any origin at all', size: 0, extensions: ['first extension', 'second'] });
    expect(formatCheckpoint(cp)).toBe(body);
  });

  it.each([
    ['an empty origin', `\n1\n${ROOT}\n`],
    ['two lines', 'example.com/log\n1\n'],
    ['no final newline', `example.com/log\n1\n${ROOT}`],
    ['a size with a leading zero', `example.com/log\n01\n${ROOT}\n`],
    ['a zero size written 00', `example.com/log\n00\n${ROOT}\n`],
    ['a negative size', `example.com/log\n-1\n${ROOT}\n`],
    ['a size with a plus sign', `example.com/log\n+1\n${ROOT}\n`],
    ['a size with a space', `example.com/log\n 1\n${ROOT}\n`],
    ['a size in hex', `example.com/log\n0x10\n${ROOT}\n`],
    ['a size beyond 2^53 - 1', `example.com/log\n9007199254740992\n${ROOT}\n`],
    ['a root hash of 31 bytes', `example.com/log\n1\n${btoa('x'.repeat(31))}\n`],
    ['a root hash of 33 bytes', `example.com/log\n1\n${btoa('x'.repeat(33))}\n`],
    ['a root hash without padding', `example.com/log\n1\n${ROOT.slice(0, -1)}\n`],
    ['a root hash with stray low bits', `example.com/log\n1\n${ROOT.slice(0, -2)}3=\n`],
    ['a root hash in URL-safe base64', `example.com/log\n1\n${ROOT.replace('/', '_')}\n`],
    ['a root hash with a space', `example.com/log\n1\n ${ROOT}\n`],
    ['an empty extension line', `example.com/log\n1\n${ROOT}\n\nlast\n`],
    ['a carriage return', `example.com/log\r\n1\n${ROOT}\n`],
    ['a control character in the origin', `example.com/\x00log\n1\n${ROOT}\n`],
  ])('rejects %s', (_, body) => {
    expect(() => parseCheckpoint(body)).toThrow(CheckpointFormatError);
  });

  it('names the size that is too large and the one that is badly written', () => {
    expect(() => parseCheckpoint(`o\n9007199254740992\n${ROOT}\n`)).toThrow(/beyond 9007199254740991/);
    expect(() => parseCheckpoint(`o\n007\n${ROOT}\n`)).toThrow(/no leading zeros/);
  });
});

describe('formatCheckpoint', () => {
  const rootHash = decodeBase64(ROOT)!;

  it.each([
    ['an empty origin', { origin: '', size: 1, rootHash, extensions: [] }],
    ['an origin with a newline', { origin: 'a\nb', size: 1, rootHash, extensions: [] }],
    ['a negative size', { origin: 'a', size: -1, rootHash, extensions: [] }],
    ['a fractional size', { origin: 'a', size: 1.5, rootHash, extensions: [] }],
    ['a short root hash', { origin: 'a', size: 1, rootHash: rootHash.slice(1), extensions: [] }],
    ['an empty extension line', { origin: 'a', size: 1, rootHash, extensions: [''] }],
  ])('refuses %s', (_, cp) => {
    expect(() => formatCheckpoint(cp)).toThrow(CheckpointFormatError);
  });
});

describe('EMPTY_TREE_HASH', () => {
  it('is SHA-256 of nothing', () => {
    expect(bytesToHex(EMPTY_TREE_HASH)).toBe(bytesToHex(sha256(new Uint8Array())));
    expect(bytesToHex(EMPTY_TREE_HASH)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
