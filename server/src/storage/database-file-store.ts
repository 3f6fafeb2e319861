import type { Db } from '../db/database.js';
import { isUuid } from '../http/parse.js';
import type { FileStore } from './file-store.js';

/** Files as `bytea` rows of `stored_files`; the key is the row's id. */
export function createDatabaseFileStore(db: Db): FileStore {
  return {
    async put(bytes, contentType) {
      const row = await db
        .insertInto('stored_files')
        .values({ content: bytes, content_type: contentType, size_bytes: bytes.byteLength })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async get(key) {
      if (!isUuid(key)) return null;
      const row = await db
        .selectFrom('stored_files')
        .select(['content', 'content_type'])
        .where('id', '=', key)
        .executeTakeFirst();
      return row ? { bytes: row.content, contentType: row.content_type } : null;
    },
    async delete(key) {
      if (!isUuid(key)) return;
      await db.deleteFrom('stored_files').where('id', '=', key).execute();
    },
  };
}
