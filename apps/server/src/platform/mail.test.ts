import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness.ts';
import type { HttpClient } from '../test/http-client.ts';
import { readOutbox, type SmtpCapture, startSmtpCapture } from '../test/mail-capture.ts';
import { createMailer } from './mail.ts';
import { activationMail } from './mail-templates.ts';

const PUBLIC_URL = 'https://stavba.example.sk';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** What a request forged to make links point elsewhere would carry. */
const HOSTILE_HOST = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

const codeOf = (link: string | undefined) => new URL(link as string).searchParams.get('code') as string;

describe('e-mail over a real SMTP server', () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let admin: HttpClient;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startServer({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      MAIL_FROM: 'Stavebný denník <noreply@stavba.example.sk>',
    });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  let n = 0;
  const email = () => `posta${++n}-${Date.now()}@test.sk`;

  async function invite(address: string) {
    const res = await admin.post(
      '/apis/api/v1/user/create',
      {
        firstName: 'Ľudmila',
        lastName: 'Pošťáková',
        email: address,
        permissions: [],
        sendAuthorizationEmail: true,
      },
      { headers: HOSTILE_HOST },
    );
    expect(res.status).toBe(200);
    return smtp.latest(address, 'Aktivácia účtu');
  }

  it('delivers the activation link on PUBLIC_URL, in Slovak, and it works exactly once', async () => {
    const to = email();
    const mail = await invite(to);
    expect(mail.raw).toMatch(/^From: .*noreply@stavba\.example\.sk/m);
    expect(mail.text).toContain('Dobrý deň Ľudmila');
    expect(mail.link).toMatch(new RegExp(`^${PUBLIC_URL}/verification\\?code=[\\w-]{43}$`));
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).not.toContain('127.0.0.1');
    const code = codeOf(mail.link);
    expect((await server.client().get('/apis/verification', { query: { hash: code } })).status).toBe(200);
    const finish = () =>
      server.client().post('/apis/finish-verification', { hash: code, newPassword: 'Aktivne123' });
    expect((await finish()).status).toBe(200);
    const again = await finish();
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Platnosť odkazu vypršala.');
    expect((await server.client().signIn(to, 'Aktivne123')).status).toBe(200);
  });

  it('delivers the reset link on PUBLIC_URL; it works once, then the change notice arrives', async () => {
    const u = await admin.createUser([]);
    // fetch() will not forge Host, so this one request goes out through node:http.
    expect(await putWithHost(`${server.url}/apis/reset-password`, 'evil.example', { value: u.email })).toBe(
      200,
    );
    const mail = await smtp.latest(u.email, 'Obnova hesla');
    expect(mail.link).toMatch(new RegExp(`^${PUBLIC_URL}/change-forgotten-password\\?code=[\\w-]{43}$`));
    const code = codeOf(mail.link);
    const complete = (value: string) => server.client().put(`/apis/reset-password/${code}`, { value });
    expect((await complete('Obnovene12')).status).toBe(200);
    expect((await complete('Znova12345')).status).toBe(400);
    const notice = await smtp.latest(u.email, 'Heslo bolo zmenené');
    expect(notice.text).toContain('ostatné prihlásenia boli ukončené');
    expect((await server.client().signIn(u.email, 'Obnovene12')).status).toBe(200);
  });

  it('an activation link older than 7 days fails with the spec’s message', async () => {
    const mail = await invite(email());
    server.clock.advance(7 * DAY + 1);
    const res = await server.client().post('/apis/finish-verification', {
      hash: codeOf(mail.link),
      newPassword: 'Neskoro123',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Platnosť odkazu vypršala.');
  });

  it('a reset link older than 1 hour fails', async () => {
    const u = await (await server.admin()).createUser([]);
    await server.client().put('/apis/reset-password', { value: u.email });
    const mail = await smtp.latest(u.email, 'Obnova hesla');
    server.clock.advance(HOUR);
    const res = await server
      .client()
      .put(`/apis/reset-password/${codeOf(mail.link)}`, { value: 'Neskoro123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Odkaz na obnovu hesla je neplatný alebo jeho platnosť vypršala.');
    expect((await server.client().signIn(u.email, u.password)).status).toBe(200);
  });
});

describe('e-mail when the SMTP server is down', () => {
  let server: TestServer;
  let admin: HttpClient;
  beforeAll(async () => {
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('still creates the invited user, says the mail failed, and resend answers 502 in Slovak', async () => {
    const to = `nedorucene-${Date.now()}@test.sk`;
    const res = await admin.post('/apis/api/v1/user/create', {
      firstName: 'N',
      lastName: 'D',
      email: to,
      permissions: [],
      sendAuthorizationEmail: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('EMAIL_VERIFICATION');
    expect(res.body.message).toMatch(/aktivačný email sa nepodarilo odoslať/);
    const resend = await admin.put('/apis/api/v1/user/resend-verification', undefined, {
      query: { email: to },
    });
    expect(resend.status).toBe(502);
    expect(resend.body).toEqual({ code: 'MAIL_FAILED', message: 'Nepodarilo sa odoslať email' });
    // Reset answers as always: whether mail works must not tell anything about the account.
    expect((await server.client().put('/apis/reset-password', { value: to })).status).toBe(200);
  });
});

describe('e-mail without SMTP_URL: the outbox folder', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: 'http://stavba.lan:8080' });
  });
  afterAll(() => server.close());

  it('writes an .eml file per message into DATA_DIR/outbox, with the PUBLIC_URL link', async () => {
    const admin = await server.admin();
    const to = `outbox-${Date.now()}@test.sk`;
    await admin.post('/apis/api/v1/user/create', {
      firstName: 'O',
      lastName: 'B',
      email: to,
      permissions: [],
      sendAuthorizationEmail: true,
    });
    const files = await fs.readdir(path.join(server.dataDir, 'outbox'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const [mail] = await readOutbox(server.dataDir);
    expect(mail?.to).toBe(to);
    expect(mail?.subject).toBe('Aktivácia účtu');
    expect(mail?.link).toMatch(/^http:\/\/stavba\.lan:8080\/verification\?code=/);
    const code = codeOf(mail?.link);
    expect((await server.client().get('/apis/verification', { query: { hash: code } })).status).toBe(200);
  });

  it('logs the link of each message it writes', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-outbox-'));
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) };
    const mailer = createMailer({
      from: 'x@test.sk',
      outboxDir: dir,
      log: log as unknown as FastifyBaseLogger,
    });
    await mailer.send(activationMail('a@test.sk', 'Anna', 'http://host/verification?code=abc'));
    mailer.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).toMatchObject({ to: 'a@test.sk', link: 'http://host/verification?code=abc' });
    expect(String(lines[0]?.obj.file)).toMatch(/\.eml$/);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

function putWithHost(url: string, host: string, body: unknown): Promise<number | undefined> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
    const req = http.request(url, { method: 'PUT', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(data);
  });
}

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}
