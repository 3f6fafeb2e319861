import { toBotAccessSubmission } from '@signalroom/shared';
import { VALID_BOT_ACCESS_FORM } from '@signalroom/shared/test-data';
import type { Db } from '../../src/db/database.js';
import type { TestServer } from '../helpers/test-server.js';

/** Posts an application through the public form and answers its id. */
export async function submitApplication(
  server: TestServer,
  overrides: Partial<typeof VALID_BOT_ACCESS_FORM> = {},
): Promise<string> {
  const body = toBotAccessSubmission({ ...VALID_BOT_ACCESS_FORM, ...overrides });
  const { status, body: answer } = await server.api<{ id: string }>('POST', '/api/bot-access/submit', { body });
  if (status !== 201) throw new Error(`application refused: ${status} ${answer.message}`);
  return answer.data!.id;
}

/** The audit rows about one target, oldest first. */
export function auditRowsOf(db: Db, targetId: string) {
  return db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('at').orderBy('id').execute();
}

/** Reads an HTTP answer's body chunk by chunk, noting how many chunks arrived before the end. */
export async function readStream(response: Response): Promise<{ text: string; chunks: number; firstChunk: string }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  let firstChunk = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const part = decoder.decode(value, { stream: true });
    if (chunks === 0) firstChunk = part;
    chunks += 1;
    text += part;
  }
  return { text: text + decoder.decode(), chunks, firstChunk };
}

/** Splits CSV text into rows of fields (quoted fields with commas, quotes and line breaks included). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
