import { type IDBPDatabase, openDB } from 'idb';

/**
 * Opens (once) an IndexedDB database of version 1 with one object store of out-of-line keys. A
 * failed open is forgotten, so the next call tries again (a private window may refuse it once).
 */
export function singleStoreDb(name: string, store: string): () => Promise<IDBPDatabase> {
  let opening: Promise<IDBPDatabase> | null = null;
  return () => {
    opening ??= openDB(name, 1, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(store)) database.createObjectStore(store);
      },
    }).catch((err) => {
      opening = null;
      throw err;
    });
    return opening;
  };
}
