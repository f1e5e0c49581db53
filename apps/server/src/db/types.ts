import type { Generated } from 'kysely';

/*
 * Portable column conventions, so one set of queries serves SQLite and PostgreSQL:
 * - timestamps are epoch milliseconds in a bigint (numbers on both: see database.ts);
 * - booleans are integers 0/1 (better-sqlite3 cannot bind booleans);
 * - calendar dates are 'YYYY-MM-DD' text;
 * - `search_text` columns hold the accent- and case-folded text that searches run against.
 */

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  email_lower: string;
  password_hash: string | null;
  admin: number;
  active: number;
  status: 'ACTIVE' | 'EMAIL_VERIFICATION';
  change_password: number;
  search_text: string;
  created_at: number;
  updated_at: number;
}

export interface UserPermissionsTable {
  user_id: number;
  authority: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  remember: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface UserTokensTable {
  token_hash: string;
  user_id: number;
  kind: 'RESET' | 'ACTIVATION';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LoginAttemptsTable {
  key: string;
  window_start: number;
  failures: number;
}

export interface SitesTable {
  id: Generated<number>;
  name: string;
  code: string;
  code_lower: string;
  lat: number;
  lng: number;
  active: number;
  search_text: string;
  created_at: number;
  updated_at: number;
}

export interface UploadsTable {
  upload_id: string;
  user_id: number;
  content_type: string;
  total_chunks: number;
  total_bytes: number | null;
  status: 'RECEIVING' | 'ASSEMBLING' | 'DONE' | 'FAILED';
  file_key: string | null;
  /** A refused upload's answer (FAILED), repeated to every later chunk. */
  error_status: number | null;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
}

export interface UploadChunksTable {
  upload_id: string;
  chunk_index: number;
  size: number;
  storage_key: string;
  /** Content-Range start, when the client sent one. */
  range_start: number | null;
  created_at: number;
}

export type MediaType = 'IMAGE' | 'VIDEO';

export interface TempFilesTable {
  file_key: string;
  user_id: number;
  type: MediaType;
  mime_type: string;
  original_name: string | null;
  size: number;
  sha256: string;
  storage_key: string;
  thumbnail_key: string | null;
  display_key: string | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  taken_at: number | null;
  lat: number | null;
  lng: number | null;
  created_at: number;
}

export interface MediaItemsTable {
  id: Generated<number>;
  site_id: number;
  author_id: number;
  author_name: string;
  type: MediaType;
  mime_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  thumbnail_key: string | null;
  display_key: string | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  /** Capture time: EXIF DateTimeOriginal, else upload time. */
  taken_at: number;
  /** taken_at's calendar date in TZ_GALLERY. */
  site_date: string;
  lat: number | null;
  lng: number | null;
  /** Folded site name, site code and author name. */
  search_text: string;
  created_at: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  media_id: number | null;
  title: string;
  body: string;
  url: string;
  seen: Generated<number>;
  created_at: number;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiration_time: number | null;
  created_at: number;
  updated_at: number;
}

export interface PushOutboxTable {
  id: Generated<number>;
  notification_id: number;
  subscription_id: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  claim: string | null;
  created_at: number;
}

/** Gallery summaries (migration 0004), kept by the gallery's assign listener. */
export interface GallerySitesTable {
  site_id: number;
  item_count: number;
  last_taken_at: number;
  first_date: string;
  last_date: string;
}

export interface GalleryAuthorSitesTable {
  author_id: number;
  site_id: number;
  item_count: number;
  last_taken_at: number;
}

/** One row per (site, date) with items (migration 0007). */
export interface GallerySiteDaysTable {
  site_id: number;
  site_date: string;
  item_count: number;
  last_taken_at: number;
}

export interface GalleryDaysTable {
  site_id: number;
  site_date: string;
  author_id: number;
  item_count: number;
  last_taken_at: number;
}

/** ZIP exports (migration 0005); the row is the job, claimed with a lease. */
export interface ExportsTable {
  id: Generated<number>;
  user_id: number;
  /** The filters, one per line joined by `<br>`. */
  name: string;
  /** The download's file name (Content-Disposition). */
  file_name: string;
  /** The gallery filters as JSON. */
  filters: string;
  /** The newest media id when queued: every attempt exports the same items. */
  max_media_id: number;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  message: string;
  storage_key: string | null;
  file_count: number | null;
  zip_size: number | null;
  attempts: Generated<number>;
  locked_by: string | null;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface Database {
  users: UsersTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  login_attempts: LoginAttemptsTable;
  sites: SitesTable;
  uploads: UploadsTable;
  upload_chunks: UploadChunksTable;
  temp_files: TempFilesTable;
  media_items: MediaItemsTable;
  gallery_sites: GallerySitesTable;
  gallery_author_sites: GalleryAuthorSitesTable;
  gallery_days: GalleryDaysTable;
  gallery_site_days: GallerySiteDaysTable;
  app_settings: AppSettingsTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  exports: ExportsTable;
}
