import { Writable } from 'node:stream';

/** A pino destination that keeps every JSON line, for tests that check what the server logs. */
export interface LogCapture {
  stream: Writable;
  /** Everything written so far, as one string. */
  text(): string;
  /** The parsed lines. */
  lines(): Record<string, unknown>[];
}

export function captureLog(): LogCapture {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return {
    stream,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
