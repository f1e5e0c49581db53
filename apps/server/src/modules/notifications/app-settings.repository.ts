import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** Values every instance must share (e.g. generated keys); the first writer of a key wins. */
export class AppSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  /** Stores `value` unless the key exists, and returns whichever value is stored afterwards. */
  async getOrInsert(key: string, value: () => string, now: number): Promise<string> {
    const existing = await this.get(key);
    if (existing !== undefined) return existing;
    await this.db
      .insertInto('app_settings')
      .values({ key, value: value(), created_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const stored = await this.get(key);
    if (stored === undefined) throw new Error(`Setting ${key} was not stored`);
    return stored;
  }
}
