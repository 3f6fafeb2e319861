import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { CheckpointFormatError } from './checkpoint.js';
import {
  COSIGNATURE_V1_HEADER,
  cosignatureMessage,
  cosignatureVerifier,
  cosignerKeyId,
  ed25519Cosigner,
  verifyCosignature,
} from './cosignature.js';
import { concatBytes, readUint64, uint64Bytes, utf8 } from './encoding.js';
import {
  formatVerifierKey,
  NOTE_KEY_TYPE_COSIGNATURE_V1,
  NOTE_KEY_TYPE_ED25519,
  parseVerifierKey,
} from './note-keys.js';
import { noteVerifier } from './note-verifier.js';
import {
  formatSignatureLine,
  formatSignedNote,
  NoteFormatError,
  NoteVerificationError,
  parseSignatureLines,
  parseSignedNote,
  verifySignedNote,
} from './signed-note.js';

// The example of C2SP tlog-cosignature: the checkpoint and the message cosigned at time 1679315147.
const SPEC_BODY = 'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
const SPEC_MESSAGE = `cosignature/v1
time 1679315147
example.com/behind-the-sofa
20852163
CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=
`;
const SPEC_WITNESS_LINE =
  '— witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==\n';

// A real checkpoint of the public log arche2025h1.staging.ct.transparency.dev, cosigned by public
// witnesses, with the log's Ed25519 key, as the tests of florolf/tlog-scales carry them
// (tests/test_signing.py, TestCheckpointVerification). The log's first line is a signature of another
// type (RFC 6962 tree head) that a verifier without its key ignores. The witness key of
// remora.n621.de is the one transparency-dev/formats tests with (note/note_cosigv1_test.go).
const LOG_KEY = 'arche2025h1.staging.ct.transparency.dev+ba2f06c0+AU0vHmlGCS/PdN8b2OaGmKprLI8HKM+dJ472xgFYh15f';
const REMORA_KEY = 'remora.n621.de+da77ade7+BOvN63jn/bLvkieywe8R6UYAtVtNbZpXh34x7onlmtw2';
const REAL_NOTE = `arche2025h1.staging.ct.transparency.dev
1432088532
U7WM79jrzyhGZ5/GUBTpM7NzwdyfFx61t3RovgcC4Ro=

— arche2025h1.staging.ct.transparency.dev zTM8sQAAAZ5W0WdjBAMARjBEAiBjW5IQf9pvsYLfQFX6hoGREPMHbdQ3urbllzalApkptQIgIpwtEroeW2BXaHAI4kJXFbon5Ch9MNL5zRNZ55lvGt0=
— arche2025h1.staging.ct.transparency.dev ui8GwCF1+kWqZrxGdhj4aX3gcw7XUlXQQabg/27lefwhUkzbC3NygNI75MdhL1bfTW9g8Ei59RA23oHP7Ry1k3ZFWwQ=
— transparency.dev/DEV:witness-little-garden 2AQqhwAAAABqEiEgzgFIqqhbUoDwjMWE6UP8nd8/KYTzwZ2rhIgcqoXHAwVkjZr4AscylP3v7sEodkRAErumC2q44vdgJY096st5BQ==
— witness1.smartit.nu/witness1 pIyCDwAAAABqEiEghIp82KWebrw7/oHQwlTAm3g2RKS4+eebl8eO0WH+/iEcxZ75W3u5hNI7TOQtmJbqmNWVuE0tgh0XwzdZsDsUAQ==
— remora.n621.de 2net5wAAAABqEiEgPlfF3V06o0Y+fHM+J5J9s27wgxxcOVSpZ/2g/KSiXCg9DEZI+aVCIobWX9sXTynk5XeU/zZ0WBxtqB0DrAWfBw==
— witness.stagemole.eu Z/euoAAAAABqEiEgw0i+7g2ENfDAWHmtRzCfKTHSDwYDJA2NmKeGi9Y8FtEyOUvVr+AJmIY/2TUFucgKi7lI7cUiOvKFYe/TmN9DAg==
`;

const seed = new Uint8Array(32).fill(42);

describe('cosignatureMessage', () => {
  it('is the header, the time line and the checkpoint, exactly as in the example', () => {
    expect(cosignatureMessage(SPEC_BODY, 1679315147)).toBe(SPEC_MESSAGE);
    expect(COSIGNATURE_V1_HEADER).toBe('cosignature/v1');
  });

  it('carries the time the example signature line starts with', () => {
    const [sig] = parseSignatureLines(SPEC_WITNESS_LINE);
    expect(sig!.signature).toHaveLength(72);
    expect(readUint64(sig!.signature)).toBe(1679315147n);
  });

  it('refuses a time that is negative or not whole, and a text without its final newline', () => {
    expect(() => cosignatureMessage(SPEC_BODY, -1)).toThrow(NoteFormatError);
    expect(() => cosignatureMessage(SPEC_BODY, 1.5)).toThrow(NoteFormatError);
    expect(() => cosignatureMessage(SPEC_BODY.slice(0, -1), 1)).toThrow(NoteFormatError);
  });
});

describe('verifyCosignature', () => {
  const note = parseSignedNote(REAL_NOTE);
  const remora = note.signatures.find((sig) => sig.name === 'remora.n621.de')!;

  it('verifies the real cosignature of remora.n621.de and reads its time', () => {
    expect(verifyCosignature(REMORA_KEY, note.text, remora)).toEqual({ timestamp: 1779573024 });
  });

  it('fails for another checkpoint, another name or key ID, and altered bytes', () => {
    expect(verifyCosignature(REMORA_KEY, note.text.replace('1432088532', '42'), remora)).toBeNull();
    expect(verifyCosignature(REMORA_KEY, note.text, { ...remora, name: 'remora.example' })).toBeNull();
    expect(verifyCosignature(REMORA_KEY, note.text, { ...remora, keyId: remora.keyId ^ 1 })).toBeNull();
    const altered = remora.signature.slice();
    altered[7]! ^= 1;
    expect(verifyCosignature(REMORA_KEY, note.text, { ...remora, signature: altered })).toBeNull();
    expect(
      verifyCosignature(REMORA_KEY, note.text, { ...remora, signature: remora.signature.slice(0, 71) }),
    ).toBeNull();
  });

  it('opens the real checkpoint with the log key and the witness key together, and not once altered', () => {
    const opened = verifySignedNote(REAL_NOTE, [noteVerifier(LOG_KEY), noteVerifier(REMORA_KEY)]);
    expect(opened.verified.map((sig) => sig.name)).toEqual([
      'arche2025h1.staging.ct.transparency.dev',
      'remora.n621.de',
    ]);
    expect(() => verifySignedNote(REAL_NOTE.replace('1432088532', '1432088533'), [noteVerifier(REMORA_KEY)])).toThrow(
      NoteVerificationError,
    );
  });

  it('refuses a key that is not a cosigner key', () => {
    expect(() => verifyCosignature(LOG_KEY, note.text, remora)).toThrow(NoteFormatError);
  });

  it('fails for a time beyond 2^53 - 1 seconds or beyond 2^63 - 1, even when signed', () => {
    const cosigner = ed25519Cosigner('witness.example/w1', seed);
    for (const time of [2n ** 53n, 2n ** 63n]) {
      const signature = ed25519.sign(utf8(`cosignature/v1\ntime ${time}\n${SPEC_BODY}`), seed);
      const bytes = concatBytes(uint64Bytes(0), signature);
      new DataView(bytes.buffer).setBigUint64(0, time);
      const sig = { name: cosigner.name, keyId: cosigner.keyId, signature: bytes };
      expect(verifyCosignature(cosigner.verifierKey, SPEC_BODY, sig)).toBeNull();
    }
  });
});

describe('ed25519Cosigner', () => {
  it('cosigns a checkpoint: time then Ed25519 signature, under a type 0x04 key ID', () => {
    const cosigner = ed25519Cosigner('witness.example/w1', seed);
    const key = parseVerifierKey(cosigner.verifierKey);
    expect(key.type).toBe(NOTE_KEY_TYPE_COSIGNATURE_V1);
    expect(cosigner.keyId).toBe(cosignerKeyId('witness.example/w1', cosigner.publicKey));
    const sig = cosigner.cosign(SPEC_BODY, 1679315147);
    expect(sig.signature).toHaveLength(72);
    expect(readUint64(sig.signature)).toBe(1679315147n);
    expect(ed25519.verify(sig.signature.slice(8), utf8(SPEC_MESSAGE), cosigner.publicKey)).toBe(true);
    expect(verifyCosignature(cosigner.verifierKey, SPEC_BODY, sig)).toEqual({ timestamp: 1679315147 });
  });

  it('covers the extension lines', () => {
    const cosigner = ed25519Cosigner('witness.example/w1', seed);
    const body = `${SPEC_BODY}extension\n`;
    const sig = cosigner.cosign(body, 1);
    expect(verifyCosignature(cosigner.verifierKey, body, sig)).not.toBeNull();
    expect(verifyCosignature(cosigner.verifierKey, `${SPEC_BODY}extensiom\n`, sig)).toBeNull();
  });

  it('gives a line that a client appends to the checkpoint and opens with the witness key', () => {
    const cosigner = ed25519Cosigner('witness.example/w1', seed);
    const note = formatSignedNote(SPEC_BODY, [cosigner.cosign(SPEC_BODY, 100)]);
    expect(note.endsWith(formatSignatureLine(cosigner.cosign(SPEC_BODY, 100)))).toBe(true);
    expect(verifySignedNote(note, [cosignatureVerifier(cosigner.verifierKey)]).verified).toHaveLength(1);
    // A cosignature is not a plain note signature of the same key: the key IDs differ by type.
    const plainKey = formatVerifierKey(cosigner.name, NOTE_KEY_TYPE_ED25519, cosigner.publicKey);
    expect(() => verifySignedNote(note, [noteVerifier(plainKey)])).toThrow('no signature from a known key');
  });

  it('refuses to cosign what is not a checkpoint, and a seed of the wrong size', () => {
    const cosigner = ed25519Cosigner('witness.example/w1', seed);
    expect(() => cosigner.cosign('just a note\n', 1)).toThrow(CheckpointFormatError);
    expect(() => ed25519Cosigner('w', new Uint8Array(16))).toThrow(NoteFormatError);
    expect(() => ed25519Cosigner('w w', seed)).toThrow(NoteFormatError);
  });
});
