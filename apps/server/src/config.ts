import path from 'node:path';
import { emailSchema, isStrongPassword } from '@app/contract';
import { z } from 'zod';

const GiB = 1024 ** 3;

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const url = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.join(' or ')})` },
  );

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: url(['postgres:', 'postgresql:', 'sqlite:', 'file:']),
    PUBLIC_URL: url(['http:', 'https:']),
    ADMIN_EMAIL: optionalString.refine((v) => v === undefined || emailSchema.safeParse(v).success, {
      message: 'must be an e-mail address',
    }),
    // The first admin's password obeys the same rule as every other password.
    ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || isStrongPassword(v), {
      message: 'must have at least 8 characters with a lowercase letter, an uppercase letter and a digit',
    }),
    SMTP_URL: url(['smtp:', 'smtps:']),
    MAIL_FROM: optionalString,
    S3_BUCKET: optionalString,
    S3_ENDPOINT: url(['http:', 'https:']),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: optionalString,
    // Test-only: lets push subscriptions point at http://127.0.0.1 (a local stand-in push service).
    PUSH_ALLOW_INSECURE_ENDPOINTS: z.enum(['0', '1']).default('0'),
    // Media tools: a path, or `off` to run without (no video posters / no HEIC copies). Unset: found on PATH.
    FFMPEG_PATH: optionalString,
    HEIF_CONVERT_PATH: optionalString,
    // The web build's tile server (read by Vite at `npm start`); the CSP must let the browser load it.
    VITE_MAP_TILE_URL: url(['http:', 'https:']),
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(4 * GiB),
    TZ_GALLERY: z
      .string()
      .default('Europe/Bratislava')
      .refine(
        (tz) => {
          try {
            new Intl.DateTimeFormat('en', { timeZone: tz });
            return true;
          } catch {
            return false;
          }
        },
        { message: 'must be an IANA time zone such as Europe/Bratislava' },
      ),
    LOG_LEVEL: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']))
      .default('info'),
  })
  .refine((e) => (e.VAPID_PUBLIC_KEY === undefined) === (e.VAPID_PRIVATE_KEY === undefined), {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string }
    | undefined;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** Accept http://127.0.0.1 / localhost push endpoints (tests only). */
  pushAllowInsecureEndpoints: boolean;
  /** ffmpeg and heif-convert: a path, `off` (run without), or undefined to search PATH. */
  ffmpegPath: string | undefined;
  heifConvertPath: string | undefined;
  /** Origin of a tile server other than OpenStreetMap, allowed as an image source. */
  mapTileOrigin: string | undefined;
  maxUploadBytes: number;
  tzGallery: string;
  logLevel: string;
};

export class ConfigError extends Error {}

/** Reads the environment; an unknown or malformed value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (`PORT=` in a unit file or .env) means "use the default", not "invalid".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Stavebný denník <noreply@${new URL(publicUrl).hostname}>`,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL ?? 'admin@localhost'}`,
    },
    pushAllowInsecureEndpoints: e.PUSH_ALLOW_INSECURE_ENDPOINTS === '1',
    ffmpegPath: e.FFMPEG_PATH,
    heifConvertPath: e.HEIF_CONVERT_PATH,
    mapTileOrigin: e.VITE_MAP_TILE_URL ? new URL(e.VITE_MAP_TILE_URL).origin : undefined,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    tzGallery: e.TZ_GALLERY,
    logLevel: e.LOG_LEVEL,
  };
}
