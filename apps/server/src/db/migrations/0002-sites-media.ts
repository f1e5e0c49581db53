import type { Kysely } from 'kysely';
import { addId, type MigrationContext } from './helpers.ts';

/** Sites, the chunked-upload state, temp files awaiting assignment, and assigned media items. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('sites')
    .$call((t) => addId(t, dialect))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('code_lower', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('search_text', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sites_active_name_idx').on('sites').columns(['active', 'name']).execute();

  // One row per upload; the first chunk's sender owns it.
  await db.schema
    .createTable('uploads')
    .addColumn('upload_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('total_bytes', 'bigint')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_updated_idx').on('uploads').column('updated_at').execute();

  await db.schema
    .createTable('upload_chunks')
    .addColumn('upload_id', 'varchar(64)', (c) =>
      c.notNull().references('uploads.upload_id').onDelete('cascade'),
    )
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['upload_id', 'chunk_index'])
    .execute();

  // An assembled, checked file waiting for its uploader to assign it to a site.
  await db.schema
    .createTable('temp_files')
    .addColumn('file_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('thumbnail_key', 'varchar(300)')
    .addColumn('display_key', 'varchar(300)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_seconds', 'double precision')
    .addColumn('taken_at', 'bigint')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('temp_files_created_idx').on('temp_files').column('created_at').execute();

  /*
   * Assigned media. Site and author names are copied in (with a folded `search_text`) so every
   * gallery level is answered from this one table's indexes, without joins, at a million rows.
   */
  await db.schema
    .createTable('media_items')
    .$call((t) => addId(t, dialect))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('thumbnail_key', 'varchar(300)')
    .addColumn('display_key', 'varchar(300)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_seconds', 'double precision')
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('site_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('search_text', 'varchar(600)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_site_date_taken_idx')
    .on('media_items')
    .columns(['site_id', 'site_date', 'taken_at', 'id'])
    .execute();
  await db.schema.createIndex('media_taken_idx').on('media_items').columns(['taken_at', 'id']).execute();
  await db.schema
    .createIndex('media_site_sha_idx')
    .on('media_items')
    .columns(['site_id', 'sha256'])
    .execute();
}
