import type { ModuleLogger } from '@signalroom/shared-node';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { createDatabaseFileStore } from './database-file-store.js';
import type { FileStore } from './file-store.js';
import { createS3FileStore } from './s3-file-store.js';
import { s3SettingsOf } from './storage.config.js';

/** The file store FILE_STORE names (the composition root builds it once). */
export function createFileStore(config: AppConfig, db: Db, logger: ModuleLogger): FileStore {
  switch (config.FILE_STORE) {
    case 'database':
      return createDatabaseFileStore(db);
    case 's3':
      return createS3FileStore(s3SettingsOf(config), logger);
  }
}
