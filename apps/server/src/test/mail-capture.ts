import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = {
  to: string;
  subject: string;
  text: string;
  /** The first http(s) link in the body, if any. */
  link: string | undefined;
  raw: string;
};

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives. No TLS, no AUTH: the
 * app's nodemailer talks plain SMTP to it, exactly as it would to a relay on the same host.
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits (without sleeping blindly) for a message matching the predicate. */
  async function waitFor(match: (m: CapturedMail) => boolean, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching mail within ${timeoutMs} ms (got ${messages.length})`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    /** The newest message to an address with a subject. */
    latest: (to: string, subject?: string) =>
      waitFor(
        (m) => m.to.toLowerCase() === to.toLowerCase() && (subject === undefined || m.subject === subject),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The .eml files the outbox mailer wrote (no SMTP_URL), parsed, oldest first. */
export async function readOutbox(dataDir: string): Promise<CapturedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseMail(await fs.readFile(path.join(dir, f), 'utf8'))));
}

/** Polls the outbox until a message matches: the app writes some mails after answering. */
export async function waitForOutbox(
  dataDir: string,
  match: (m: CapturedMail) => boolean,
  timeoutMs = 5000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dataDir)).filter(match).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail in the outbox within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Enough of RFC 5322 for nodemailer's single-part text mails: headers, QP or base64 body. */
export function parseMail(raw: string): CapturedMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = normalized.slice(split + 2);
  const header = (name: string) =>
    head
      .split('\n')
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return {
    to: header('To').replace(/^.*<(.+)>$/, '$1'),
    subject: decodeWords(header('Subject')),
    text,
    link: text.match(/https?:\/\/\S+/)?.[0],
    raw,
  };
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words in headers (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`). */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
