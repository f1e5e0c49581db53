import type { UploadedFile } from '@app/contract/web';
import type { IDBPDatabase } from 'idb';
import { singleStoreDb } from '../local-db.ts';

/**
 * The file or recording being uploaded, kept in IndexedDB until it is assigned to a site or
 * discarded: after a reload or a crash the upload resumes with the same `uploadId` (only the
 * chunks the server lacks are sent), and a finished one returns to its preview.
 */
export type PendingUpload = {
  uploadId: string;
  blob: Blob;
  /** The MIME type sent, without parameters. */
  contentType: string;
  /** Set once the server has assembled the file. */
  file?: UploadedFile;
};

const DB_NAME = 'captureDB';
const STORE = 'pending';
const KEY = 'current';

const db = singleStoreDb(DB_NAME, STORE);

// One operation at a time, in call order: a save still writing must not outlive a later clear.
let queue: Promise<unknown> = Promise.resolve();

// Without IndexedDB (a private window, a full disk) uploads still work, only without resuming.
function safely<T>(op: (d: IDBPDatabase) => Promise<T>, fallback: T): Promise<T> {
  const next = queue.then(async () => {
    try {
      return await op(await db());
    } catch (err) {
      console.error('Capture: the local upload store failed', err);
      return fallback;
    }
  });
  queue = next;
  return next;
}

export const loadPending = () =>
  safely((d) => d.get(STORE, KEY) as Promise<PendingUpload | undefined>, undefined);
export const savePending = (p: PendingUpload) =>
  safely((d) => d.put(STORE, p, KEY).then(() => {}), undefined);
export const clearPending = () => safely((d) => d.delete(STORE, KEY), undefined);
