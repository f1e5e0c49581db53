import { singleStoreDb } from '../local-db.ts';

/** Spec §3/§9: the local recording store, `videoDB` version 1, one store `chunks`, keys `chunk-N`. */
const DB_NAME = 'videoDB';
const STORE = 'chunks';

const db = singleStoreDb(DB_NAME, STORE);

export const chunkKey = (n: number) => `chunk-${n}`;
const indexOf = (key: IDBValidKey) => Number(String(key).slice('chunk-'.length));

/** Keeps recorder chunk `n` (one a second), so a crashed tab loses at most the last second. */
export async function putChunk(n: number, data: Blob): Promise<void> {
  await (await db()).put(STORE, data, chunkKey(n));
}

/** Every kept chunk in recording order (`chunk-10` after `chunk-9`, not after `chunk-1`). */
export async function allChunks(): Promise<Blob[]> {
  const database = await db();
  const tx = database.transaction(STORE);
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  await tx.done;
  return keys
    .map((key, i) => ({ n: indexOf(key), blob: values[i] as Blob }))
    .filter((c) => Number.isInteger(c.n))
    .sort((a, b) => a.n - b.n)
    .map((c) => c.blob);
}

export async function clearChunks(): Promise<void> {
  await (await db()).clear(STORE);
}
