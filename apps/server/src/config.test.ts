import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const GiB = 1024 ** 3;

describe('configuration (design.md §3)', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      adminEmail: undefined,
      adminPassword: undefined,
      smtpUrl: undefined,
      s3: undefined,
      maxUploadBytes: 4 * GiB,
      tzGallery: 'Europe/Bratislava',
      logLevel: 'info',
    });
    expect(c.mailFrom).toBe('Stavebný denník <noreply@localhost>');
    expect(c.vapid).toEqual({
      publicKey: undefined,
      privateKey: undefined,
      subject: 'mailto:admin@localhost',
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/stavba',
      DATABASE_URL: 'postgres://u:p@db:5432/stavba',
      PUBLIC_URL: 'https://stavba.example.sk/',
      ADMIN_EMAIL: 'sef@stavba.sk',
      ADMIN_PASSWORD: 'Tajne123',
      SMTP_URL: 'smtps://mail:secret@smtp.example.sk:465',
      MAIL_FROM: 'Stavba <noreply@stavba.sk>',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'https://s3.example.sk',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'shh',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      VAPID_SUBJECT: 'mailto:sef@stavba.sk',
      MAX_UPLOAD_BYTES: '1048576',
      TZ_GALLERY: 'America/New_York',
      LOG_LEVEL: 'WARN',
    });
    expect(c).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/var/lib/stavba',
      databaseUrl: 'postgres://u:p@db:5432/stavba',
      publicUrl: 'https://stavba.example.sk',
      adminEmail: 'sef@stavba.sk',
      adminPassword: 'Tajne123',
      smtpUrl: 'smtps://mail:secret@smtp.example.sk:465',
      mailFrom: 'Stavba <noreply@stavba.sk>',
      s3: {
        bucket: 'media',
        endpoint: 'https://s3.example.sk',
        region: 'eu-central-1',
        accessKeyId: 'AKIA',
        secretAccessKey: 'shh',
      },
      vapid: { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:sef@stavba.sk' },
      maxUploadBytes: 1048576,
      tzGallery: 'America/New_York',
      logLevel: 'warn',
    });
  });

  it('derives PUBLIC_URL and the sender from PORT and PUBLIC_URL when unset', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://foto.firma.sk' }).mailFrom).toBe(
      'Stavebný denník <noreply@foto.firma.sk>',
    );
  });

  it('accepts the default admin address when given explicitly', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'admin@localhost' }).adminEmail).toBe('admin@localhost');
  });

  it('treats a variable set to nothing as unset', () => {
    const c = loadConfig({ PORT: '', HOST: ' ', MAX_UPLOAD_BYTES: '', ADMIN_EMAIL: '', LOG_LEVEL: '' });
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', maxUploadBytes: 4 * GiB, logLevel: 'info' });
    expect(c.adminEmail).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://stavba.sk'],
    ['PUBLIC_URL', 'stavba.sk'],
    ['ADMIN_EMAIL', 'nope'],
    ['ADMIN_PASSWORD', 'short1A'],
    ['ADMIN_PASSWORD', 'alllowercase1'],
    ['SMTP_URL', 'http://smtp.example.sk'],
    ['S3_ENDPOINT', 'nope'],
    ['MAX_UPLOAD_BYTES', '-1'],
    ['MAX_UPLOAD_BYTES', '0'],
    ['MAX_UPLOAD_BYTES', '4GB'],
    ['TZ_GALLERY', 'Mars/Olympus'],
    ['LOG_LEVEL', 'verbose'],
  ])('refuses %s=%s with a ConfigError naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('names every bad variable at once, and never echoes a secret', () => {
    try {
      loadConfig({ PORT: 'abc', TZ_GALLERY: 'Mars/Olympus', ADMIN_PASSWORD: 'secretpass' });
      expect.unreachable();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('TZ_GALLERY');
      expect(message).toContain('ADMIN_PASSWORD');
      expect(message).not.toContain('secretpass');
    }
  });

  it('wants both VAPID keys or neither', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'pub' })).toThrow(/VAPID_PRIVATE_KEY/);
  });
});
