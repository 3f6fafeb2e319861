import { describe, expect, it } from 'vitest';
import { formatPrivateKey, parsePrivateKey, RecordKeyError } from './record-key.js';

describe('the key file', () => {
  it('reads back every key it writes, base64 with "+" and "/" in it included', () => {
    for (let fill = 0; fill < 64; fill += 1) {
      const seed = new Uint8Array(32).map((_, i) => (i * 37 + fill * 11) & 0xff);
      const line = formatPrivateKey('signals.example.com/track-record', seed);
      expect(line).toMatch(/^PRIVATE\+KEY\+signals\.example\.com\/track-record\+[0-9a-f]{8}\+/);
      expect(parsePrivateKey(line, 'key file')).toEqual({ name: 'signals.example.com/track-record', seed });
    }
  });

  it('refuses a line that is no key, or whose key ID does not match it', () => {
    const line = formatPrivateKey('example.com/log', new Uint8Array(32).fill(9));
    expect(() => parsePrivateKey('hello', 'f')).toThrow(RecordKeyError);
    expect(() => parsePrivateKey(line.replace(/\+[0-9a-f]{8}\+/, '+00000000+'), 'f')).toThrow(/does not hold/);
    expect(() => parsePrivateKey(line.replace('example.com/log', 'example.com/other'), 'f')).toThrow(RecordKeyError);
  });
});
