import { bytesToHex } from '@signalroom/shared';

const encoder = new TextEncoder();

/**
 * SHA-256 hex of many texts with WebCrypto (native), or undefined where this page has none (a page
 * served over plain HTTP from another host is not a secure context): the verifier then hashes with the
 * portable code. One digest awaited after another: in Chromium that measured faster than a batch of
 * them in parallel (3.3 µs against 3.6 µs a digest), and both several times the portable code's speed.
 */
export const sha256HexNative = globalThis.crypto?.subtle
  ? async (texts: string[]): Promise<string[]> => {
      const hashes = new Array<string>(texts.length);
      for (const [i, text] of texts.entries()) {
        hashes[i] = bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
      }
      return hashes;
    }
  : undefined;
