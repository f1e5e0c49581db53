import path from 'node:path';
import type { Config } from '../../config.ts';
import { LocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

export { type ByteRange, NotFoundInStorage, type Storage, type StoredObject } from './storage.ts';

/**
 * The app's file storage: the local disk under DATA_DIR (keys `tmp/…`, `media/…`, `exports/…`
 * become folders there). An S3 implementation will be chosen here by `config.s3`; until it
 * exists the S3 settings are accepted and files stay on disk, as the README says.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return new LocalStorage(path.resolve(config.dataDir));
}
