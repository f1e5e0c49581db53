import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PushRequest = { name: string; headers: IncomingHttpHeaders; body: Buffer; at: number };
export type ScriptedReply = number | { status: number; headers?: Record<string, string>; delayMs?: number };

/**
 * A stand-in push service on 127.0.0.1: every subscription gets its own path, records what
 * arrives, and answers from a script (201 Created once the script runs out).
 */
export class FakePushService {
  readonly requests: PushRequest[] = [];
  private readonly scripts = new Map<string, ScriptedReply[]>();
  private readonly waiters = new Set<() => void>();
  private seq = 0;

  private constructor(
    private readonly server: http.Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FakePushService> {
    let self: FakePushService | undefined;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => self?.handle(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new FakePushService(server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** A fresh endpoint URL; `name` identifies its requests. */
  endpoint(prefix = 'sub'): { name: string; url: string } {
    this.seq += 1;
    const name = `${prefix}-${this.seq}`;
    return { name, url: `${this.baseUrl}/push/${name}` };
  }

  script(name: string, ...replies: ScriptedReply[]): void {
    this.scripts.set(name, [...(this.scripts.get(name) ?? []), ...replies]);
  }

  to(name: string): PushRequest[] {
    return this.requests.filter((r) => r.name === name);
  }

  /** Resolves once `name` has received `count` requests in all. */
  async waitFor(name: string, count: number, timeoutMs = 5000): Promise<PushRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(name).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${name}: ${this.to(name).length} of ${count} pushes arrived`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, Math.min(left, 200));
        function done() {
          clearTimeout(t);
          resolve();
        }
        this.waiters.add(done);
      });
    }
    return this.to(name);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
    const name = (req.url ?? '').replace(/^\/push\//, '');
    this.requests.push({ name, headers: req.headers, body, at: Date.now() });
    for (const w of this.waiters) w();
    this.waiters.clear();
    const next = this.scripts.get(name)?.shift() ?? 201;
    const reply = typeof next === 'number' ? { status: next } : next;
    const send = () => {
      res.writeHead(reply.status, reply.headers);
      res.end();
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  }
}
