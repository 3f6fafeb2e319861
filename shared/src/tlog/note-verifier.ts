import { cosignatureVerifier } from './cosignature.js';
import {
  ed25519NoteVerifier,
  NOTE_KEY_TYPE_COSIGNATURE_V1,
  NOTE_KEY_TYPE_ED25519,
  parseVerifierKey,
  type VerifierKey,
} from './note-keys.js';
import { NoteFormatError, type NoteVerifier } from './signed-note.js';

/**
 * The verifier of any key this module supports, from its verifier key: a log's Ed25519 key (0x01) or a
 * witness's cosigner key (0x04). With the log's key and the witnesses' keys in one list,
 * verifySignedNote opens a cosigned checkpoint and reports which of them signed it.
 */
export function noteVerifier(vkey: string | VerifierKey): NoteVerifier {
  const key = typeof vkey === 'string' ? parseVerifierKey(vkey) : vkey;
  if (key.type === NOTE_KEY_TYPE_ED25519) return ed25519NoteVerifier(key);
  if (key.type === NOTE_KEY_TYPE_COSIGNATURE_V1) return cosignatureVerifier(key);
  throw new NoteFormatError(`signature type 0x${key.type.toString(16).padStart(2, '0')} is not supported`);
}
