/**
 * A member's Idempotency-Key and the first answer it got. The key itself is not kept, only its SHA-256;
 * the answer is sealed with a key derived from the Idempotency-Key (AES-256-GCM), so a created secret
 * (an API key, a signing secret) in it cannot be read from the table without the key the client holds.
 */
export interface IdempotencyKeysTable {
  user_id: string;
  key_hash: string;
  /** `POST /users/api-keys`: the route the key was first used on. */
  route: string;
  /** SHA-256 of the request (route, path parameters and body): the same key with another body is refused. */
  fingerprint: string;
  created_at: Date;
  /** While the first request is being handled: when it was taken (a claim left by a dead process lapses). */
  locked_at: Date | null;
  status_code: number | null;
  /** The sealed answer: base64 of IV, tag and ciphertext. */
  response: string | null;
  completed_at: Date | null;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
