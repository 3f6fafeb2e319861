import { describe, expect, it } from 'vitest';
import { ed25519NoteSigner, ed25519NoteVerifier } from './note-keys.js';
import { noteVerifier } from './note-verifier.js';
import {
  formatSignatureLine,
  formatSignedNote,
  MAX_NOTE_SIGNATURES,
  NoteFormatError,
  NoteVerificationError,
  parseSignatureLines,
  parseSignedNote,
  verifySignedNote,
} from './signed-note.js';

// The example of C2SP signed-note (section "Verifier keys", "Example").
const SPEC_VKEY = 'example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k';
const SPEC_NOTE =
  'This is an example message.\n\n— example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n';

// The opening example of C2SP signed-note: a text with an empty line inside it.
const QUASIMODO = `Ognuno sta solo sul cuor della terra
trafitto da un raggio di sole:

ed è subito sera.

— quasimodo.example/salvatore NnugSzTjtVAewIS+Z/iJhUPeFDkO/5QQ2i5ddnGITLlC+EhfLW9oJKONrMouFSQU0xMcXxj99ihAQwaqP3ZekRwNtIc=
`;

// Keys, text and signature lines of the tests of golang.org/x/mod, sumdb/note/note_test.go (TestOpen).
const PETER_KEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const ENOCH_KEY = 'EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop';
const GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const PETER_SIG =
  '— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';
const ENOCH_SIG =
  '— EnochRoot rwz+eBzmZa0SO3NbfRGzPCpDckykFXSdeX+MNtCOXm2/5n2tiOHp+vAF1aGrQ5ovTG01oOTGwnWLox33WWd1RvMc+QQ=\n';

const peter = () => noteVerifier(PETER_KEY);
const enoch = () => noteVerifier(ENOCH_KEY);
const names = (note: string, keys: string[]) =>
  verifySignedNote(
    note,
    keys.map((key) => noteVerifier(key)),
  ).verified.map((s) => s.name);

describe('parseSignedNote', () => {
  it('splits the example note into its text (with the final newline) and one signature', () => {
    const note = parseSignedNote(SPEC_NOTE);
    expect(note.text).toBe('This is an example message.\n');
    expect(note.signatures).toHaveLength(1);
    expect(note.signatures[0]).toMatchObject({ name: 'example.com/foo', keyId: 0x530d903a });
    expect(note.signatures[0]!.signature).toHaveLength(64);
  });

  it('separates the text from the signatures at the last empty line, keeping the empty lines of the text', () => {
    const note = parseSignedNote(QUASIMODO);
    expect(note.text).toBe(
      'Ognuno sta solo sul cuor della terra\ntrafitto da un raggio di sole:\n\ned è subito sera.\n',
    );
    expect(note.signatures.map((s) => s.name)).toEqual(['quasimodo.example/salvatore']);
  });

  it('writes back exactly what it read', () => {
    for (const text of [SPEC_NOTE, QUASIMODO, `${GO_TEXT}\n${PETER_SIG}${ENOCH_SIG}`]) {
      const note = parseSignedNote(text);
      expect(formatSignedNote(note.text, note.signatures)).toBe(text);
    }
  });

  it.each([
    ['a text with no signature block', GO_TEXT],
    ['a blank line and no signature', `${GO_TEXT}\n`],
    ['a last signature line without its newline', `${GO_TEXT}\n${PETER_SIG.slice(0, -1)}`],
    ['a control character in the text', `\x01${GO_TEXT}\n${PETER_SIG}`],
    ['a tab in the text', `a\tb\n\n${PETER_SIG}`],
    ['a carriage return', `${GO_TEXT.replace('\n', '\r\n')}\n${PETER_SIG}`],
    ['a lone surrogate', `\ud800${GO_TEXT}\n${PETER_SIG}`],
    ['a key name with a space', `${GO_TEXT}\n${PETER_SIG.replace('PeterNeumann', 'Peter Neumann')}`],
    ['a key name with a no-break space', `${GO_TEXT}\n${PETER_SIG.replace('PeterNeumann', 'Peter\u00a0Neumann')}`],
    ['a key name with an ideographic space', `${GO_TEXT}\n${PETER_SIG.replace('PeterNeumann', 'Peter\u3000Neumann')}`],
    ['a key name with a plus', `${GO_TEXT}\n${PETER_SIG.replace('PeterNeumann', 'Peter+Neumann')}`],
    ['an empty key name', `${GO_TEXT}\n${PETER_SIG.replace('PeterNeumann', '')}`],
    ['a line after the signatures', `${GO_TEXT}\n${PETER_SIG}Unexpected line.\n`],
    ['a hyphen instead of the em dash', `${GO_TEXT}\n${PETER_SIG.replace('—', '-')}`],
    ['no space after the em dash', `${GO_TEXT}\n${PETER_SIG.replace('— ', '—')}`],
    ['two spaces before the signature', `${GO_TEXT}\n${PETER_SIG.replace(' x08go', '  x08go')}`],
    ['a signature that is not base64', `${GO_TEXT}\n${PETER_SIG.replace('x08go/', 'x08go_')}`],
    ['unpadded base64', `${GO_TEXT}\n${PETER_SIG.replace('M=\n', 'M\n')}`],
    ['a signature shorter than its key ID', `${GO_TEXT}\n— PeterNeumann AAAA\n`],
    ['a trailing blank line', `${GO_TEXT}\n${PETER_SIG}\n`],
  ])('rejects %s', (_, note) => {
    expect(() => parseSignedNote(note)).toThrow(NoteFormatError);
  });

  it(`accepts ${MAX_NOTE_SIGNATURES} signature lines (at least 16 must be) and refuses one more`, () => {
    expect(parseSignedNote(`${GO_TEXT}\n${PETER_SIG.repeat(16)}`).signatures).toHaveLength(16);
    expect(parseSignedNote(`${GO_TEXT}\n${PETER_SIG.repeat(MAX_NOTE_SIGNATURES)}`).signatures).toHaveLength(100);
    expect(() => parseSignedNote(`${GO_TEXT}\n${PETER_SIG.repeat(MAX_NOTE_SIGNATURES + 1)}`)).toThrow(
      /more than the 100/,
    );
  });
});

describe('parseSignatureLines', () => {
  it('reads the example answer of C2SP tlog-witness (three cosignature lines)', () => {
    const body = `— witness.example/w1 CMp+6LWBU0anHGH5aNDTJkH/gj79sG+T6+iP2ThYN5krrDJbR1HDnucjL39QsZTSvVjyQLrdk3DXDqI5G2HgLatVs0pWh6Up69HVOw==
— witness.example/w1 I7rEps0pvK2UqkS2gSpVUDhrhVtQV9lgF6pRrWAvjJHjyWpW7VcE3SiOlVlbQNt64vWhO+DlkL0+UfzuOBMh9ChdMkP1vi/lCAsmlw==
— witness.example/w2 AWui8Sk55XjYLOijihBjhqEH6nS1ndDymE0a+6idX7pLcnoB+dhnz0854aLZgrrKbYKA7nC3HNJhm/kWl7oJlqU3rXXvpysAdyP3wQ==
`;
    const sigs = parseSignatureLines(body);
    expect(sigs.map((s) => [s.name, s.keyId.toString(16).padStart(8, '0'), s.signature.length])).toEqual([
      ['witness.example/w1', '08ca7ee8', 72],
      ['witness.example/w1', '23bac4a6', 72],
      ['witness.example/w2', '016ba2f1', 72],
    ]);
    expect(sigs.map(formatSignatureLine).join('')).toBe(body);
  });

  it('refuses an empty answer and a line that is not a signature', () => {
    expect(() => parseSignatureLines('')).toThrow(NoteFormatError);
    expect(() => parseSignatureLines('ok\n')).toThrow(NoteFormatError);
  });
});

describe('verifySignedNote', () => {
  it('verifies the example note of C2SP signed-note with its verifier key', () => {
    const opened = verifySignedNote(SPEC_NOTE, [noteVerifier(SPEC_VKEY)]);
    expect(opened.text).toBe('This is an example message.\n');
    expect(opened.verified.map((s) => s.name)).toEqual(['example.com/foo']);
  });

  it('reports the known key that verified and ignores the unknown one', () => {
    expect(names(`${GO_TEXT}\n${PETER_SIG}${ENOCH_SIG}`, [PETER_KEY])).toEqual(['PeterNeumann']);
    expect(names(`${GO_TEXT}\n${PETER_SIG}${ENOCH_SIG}`, [PETER_KEY, ENOCH_KEY])).toEqual([
      'PeterNeumann',
      'EnochRoot',
    ]);
  });

  it('rejects a note no known key signed', () => {
    expect(() => verifySignedNote(`${GO_TEXT}\n${PETER_SIG}${ENOCH_SIG}`, [])).toThrow(NoteVerificationError);
    expect(() => verifySignedNote(SPEC_NOTE, [peter()])).toThrow('no signature from a known key');
  });

  it('rejects the whole note when a known key signature fails, even beside a valid one', () => {
    const broken = `${PETER_SIG.slice(0, 60)}ABCD${PETER_SIG.slice(60)}`;
    expect(() => verifySignedNote(`${GO_TEXT}\n${broken}`, [peter()])).toThrow(
      'invalid signature for key PeterNeumann+c74f20a3',
    );
    expect(() => verifySignedNote(`${GO_TEXT}\n${ENOCH_SIG}${broken}`, [peter(), enoch()])).toThrow(
      NoteVerificationError,
    );
    expect(() => verifySignedNote(`${GO_TEXT.replace('answer', 'question')}\n${PETER_SIG}`, [peter()])).toThrow(
      NoteVerificationError,
    );
  });

  it('ignores signatures that share only the name or only the key ID of a known key', () => {
    const signer = ed25519NoteSigner('PeterNeumann', new Uint8Array(32).fill(7));
    const sameName = formatSignatureLine(signer.sign(GO_TEXT));
    const sameId = formatSignatureLine({ name: 'CarmenSandiego', keyId: 0xc74f20a3, signature: new Uint8Array(64) });
    expect(names(`${GO_TEXT}\n${sameName}${sameId}${PETER_SIG}`, [PETER_KEY])).toEqual(['PeterNeumann']);
    expect(() => verifySignedNote(`${GO_TEXT}\n${sameName}${sameId}`, [peter()])).toThrow(
      'no signature from a known key',
    );
  });

  it('lists a key once when its signature appears twice, and skips repeated unknown ones', () => {
    expect(names(`${GO_TEXT}\n${PETER_SIG}${PETER_SIG}${ENOCH_SIG}${ENOCH_SIG}`, [PETER_KEY])).toEqual([
      'PeterNeumann',
    ]);
  });

  it('refuses to choose between two trusted keys with one name and ID', () => {
    expect(() => verifySignedNote(`${GO_TEXT}\n${ENOCH_SIG}`, [enoch(), peter(), enoch()])).toThrow(/ambiguous key/);
    expect(names(`${GO_TEXT}\n${PETER_SIG}`, [ENOCH_KEY, PETER_KEY, ENOCH_KEY])).toEqual(['PeterNeumann']);
  });

  it('rejects a malformed note with a format error', () => {
    expect(() => verifySignedNote(GO_TEXT, [peter()])).toThrow(NoteFormatError);
  });

  it('opens what a signer signed, and nothing once the text changes', () => {
    const signer = ed25519NoteSigner('example.com/log', new Uint8Array(32).fill(1));
    const note = formatSignedNote('hello\n', [signer.sign('hello\n')]);
    expect(verifySignedNote(note, [ed25519NoteVerifier(signer.verifierKey)]).text).toBe('hello\n');
    expect(() => verifySignedNote(note.replace('hello', 'hullo'), [noteVerifier(signer.verifierKey)])).toThrow(
      NoteVerificationError,
    );
  });
});

describe('formatSignedNote', () => {
  it('refuses a text without its final newline, a control character, and no signature', () => {
    const sig = parseSignedNote(SPEC_NOTE).signatures;
    expect(() => formatSignedNote('no newline', sig)).toThrow(NoteFormatError);
    expect(() => formatSignedNote('bell\x07\n', sig)).toThrow(NoteFormatError);
    expect(() => formatSignedNote('text\n', [])).toThrow(NoteFormatError);
  });

  it('refuses a signature whose key name cannot be written in a note', () => {
    const [sig] = parseSignedNote(SPEC_NOTE).signatures;
    expect(() => formatSignatureLine({ ...sig!, name: 'a b' })).toThrow(NoteFormatError);
    expect(() => formatSignatureLine({ ...sig!, name: 'a+b' })).toThrow(NoteFormatError);
    expect(() => formatSignatureLine({ ...sig!, keyId: 2 ** 32 })).toThrow(NoteFormatError);
  });
});
