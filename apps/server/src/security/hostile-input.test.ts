import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/passwords.ts';
import { ADMIN, startServer, type TestServer } from '../test/harness.ts';
import { badErrorBody, describe as describeRequest, nextIp, type Sent, send } from './fuzz-runner.ts';
import { type HostileRequest, hostileRequests, nulRequests } from './hostile-requests.ts';
import { fetchOperations, type Operation, opName } from './openapi-ops.ts';
import { digestDiff, type StateDigest, stateDigest } from './state-digest.ts';

/**
 * Every operation of the live OpenAPI document gets hostile input (wrong types, huge and
 * strange strings, out-of-range numbers, prototype-pollution keys, missing and extra fields,
 * broken bodies), as an admin and signed out. Never a 5xx; every 4xx is the product's
 * `{message, code}` in Slovak and leaves the database and the data directory as they were.
 * Deterministic: a fixed seed (FUZZ_SEED to vary it) and a bounded number of runs per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 8_2024);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
/** Signed out, an operation that needs a session stops at the 401: a few runs prove the shape. */
const RUNS_SIGNED_OUT_PROTECTED = 3;

type Failure = { op: string; as: string; request: string; problem: string };

/**
 * Changes on a 4xx that are known and owned elsewhere; each names its reason. Keep this short:
 * an entry here is a finding, not a feature.
 */
const KNOWN_CHANGES: { op: string; as: string; change: string; why: string }[] = [];

const seedOf = (op: Operation) =>
  (SEED ^ createHash('sha256').update(opName(op)).digest().readInt32LE(0)) | 0;

describe('hostile input on every route of the OpenAPI document', () => {
  let server: TestServer;
  let adminCookie: string | undefined;
  let adminId: number;
  const hints: Record<string, unknown> = {};
  const failures: Failure[] = [];
  const stats: Record<string, string> = {};
  const logged: { level: string; args: unknown[] }[] = [];
  let restoreLog = () => {};

  beforeAll(async () => {
    server = await startServer();
    const admin = await server.admin();
    adminCookie = admin.cookie;
    adminId = (await admin.get('/apis/auth-check')).body.data.id;
    // Path ids point at a user who may be edited or deactivated, never at the admin doing it.
    const victim = await admin.createUser([]);
    hints.id = victim.id;
    // With logging off every logger is the same object: catch what the server would log as an error.
    const log = server.app.log as unknown as Record<string, (...args: unknown[]) => void>;
    const original = { error: log.error, fatal: log.fatal };
    log.error = (...args) => logged.push({ level: 'error', args });
    log.fatal = (...args) => logged.push({ level: 'fatal', args });
    restoreLog = () => Object.assign(log, original);
  });

  afterAll(async () => {
    restoreLog();
    await server?.close();
  });

  /** The admin may have signed out (user-logout) or lost the session: sign in again. */
  async function ensureAdmin(): Promise<boolean> {
    const check = await fetch(`${server.url}/apis/auth-check`, {
      headers: adminCookie ? { cookie: `SESSION=${adminCookie}` } : {},
    });
    if (check.status === 200) return false;
    let res = await signIn();
    if (res.status !== 200) {
      // A fuzzed update hit the admin's own row: put the account back rather than stop the run.
      await server.app.ctx.db.kysely
        .updateTable('users')
        .set({
          email: ADMIN.email,
          email_lower: ADMIN.email,
          password_hash: await hashPassword(ADMIN.password),
          active: 1,
          admin: 1,
          status: 'ACTIVE',
          change_password: 0,
        })
        .where('id', '=', adminId)
        .execute();
      res = await signIn();
    }
    if (res.status !== 200) throw new Error(`admin cannot sign in again: ${res.status}`);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('SESSION='));
    adminCookie = set?.slice('SESSION='.length).split(';')[0];
    return true;
  }

  const signIn = () =>
    fetch(`${server.url}/apis/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp() },
      body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }).toString(),
    });

  async function check(op: Operation, as: string, req: HostileRequest, before: StateDigest) {
    const loggedBefore = logged.length;
    let res: Sent;
    try {
      res = await send(server.url, req, as === 'admin' ? adminCookie : undefined);
    } catch (err) {
      failures.push({ op: opName(op), as, request: describeRequest(req), problem: `no answer: ${err}` });
      return stateDigest(server.app.ctx.db, server.dataDir);
    }
    const after = await stateDigest(server.app.ctx.db, server.dataDir);
    const fail = (problem: string) =>
      failures.push({ op: opName(op), as, request: describeRequest(req), problem });
    const key = `${opName(op)} as ${as}`;
    stats[key] = `${stats[key] ?? ''} ${res.status}`;
    if (res.status >= 500) fail(`${res.status} ${res.text.slice(0, 300)}`);
    if (res.status >= 400 && res.status < 500) {
      const bad = badErrorBody(res);
      if (bad) fail(`${res.status} ${bad}: ${res.text.slice(0, 200)}`);
      const changed = await changedBy(op, as, req, before, after);
      if (changed.length > 0)
        fail(`${res.status} ${res.text.slice(0, 120)} but changed ${changed.join(', ')}`);
    }
    for (const entry of logged.slice(loggedBefore))
      fail(`server logged ${entry.level}: ${errorText(entry.args)}`);
    let state = after;
    // A success that changed something may have started background work (an export): let it finish.
    if (res.status < 300 && digestDiff(before, after).length > 0) state = await settle();
    if (as === 'admin' && (res.status < 300 || res.status === 401) && (await ensureAdmin()))
      state = await digest();
    return state;
  }

  const digest = () => stateDigest(server.app.ctx.db, server.dataDir);

  /**
   * What a 4xx changed. Work a previous 2xx started in the background (an export being built)
   * can land during any later request, so a change is only blamed on the 4xx once the server
   * is quiet and the same request, sent again, changes something again.
   */
  async function changedBy(
    op: Operation,
    as: string,
    req: HostileRequest,
    before: StateDigest,
    after: StateDigest,
  ) {
    const relevant = (a: StateDigest, b: StateDigest) =>
      digestDiff(a, b).filter(
        (c) => !KNOWN_CHANGES.some((k) => k.op === opName(op) && k.as === as && k.change === c),
      );
    if (relevant(before, after).length === 0) return [];
    // The first attempt may have ended the admin's session: the replay needs the same footing.
    if (as === 'admin') await ensureAdmin();
    const quiet = await settle();
    const res = await send(server.url, req, as === 'admin' ? adminCookie : undefined);
    if (res.status < 400 || res.status >= 500) return [];
    return relevant(quiet, await digest());
  }

  /** Waits until the state stops changing (two equal digests 50 ms apart, at most 5 s). */
  async function settle(): Promise<StateDigest> {
    let last = await digest();
    for (let i = 0; i < 100; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      const now = await digest();
      if (digestDiff(last, now).length === 0) return now;
      last = now;
    }
    return last;
  }

  it('notices a change: the digest moves when a row does, not when a session only slides', async () => {
    const before = await stateDigest(server.app.ctx.db, server.dataDir);
    server.clock.advance(5 * 60_000);
    await fetch(`${server.url}/apis/auth-check`, { headers: { cookie: `SESSION=${adminCookie}` } });
    expect(digestDiff(before, await stateDigest(server.app.ctx.db, server.dataDir))).toEqual([]);
    const users = () => server.app.ctx.db.kysely.updateTable('users').where('id', '=', adminId);
    await users().set({ updated_at: 1 }).execute();
    expect(digestDiff(before, await stateDigest(server.app.ctx.db, server.dataDir))).toEqual(['table users']);
    await users().set({ updated_at: server.clock.now() }).execute();
  });

  it('refuses a NUL character in any parameter, field or key of any route with a 400 naming it', async () => {
    // PostgreSQL cannot store NUL (a 500 there) while SQLite can: refused alike before any handler.
    const ops = await fetchOperations(server.url);
    const wrong: string[] = [];
    for (const op of ops) {
      for (const req of nulRequests(op, hints)) {
        await ensureAdmin();
        const res = await send(server.url, req, adminCookie);
        const code = (res.body as { code?: string } | undefined)?.code;
        if (res.status !== 400 || code !== 'VALIDATION')
          wrong.push(`${res.status} ${code} ${describeRequest(req)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a URL or headers over the parser limit with the product error shape', async () => {
    const cases: { url: string; headers: Record<string, string> }[] = [
      { url: `/apis/api/v1/user/table?search=${'A'.repeat(100_000)}`, headers: {} },
      { url: '/apis/health', headers: { 'x-filler': 'B'.repeat(100_000) } },
    ];
    for (const init of cases) {
      const res = await fetch(`${server.url}${init.url}`, { headers: init.headers });
      expect(res.status).toBe(431);
      const sent: Sent = {
        status: res.status,
        text: await res.text(),
        body: undefined,
        headers: res.headers,
        setCookie: [],
      };
      sent.body = JSON.parse(sent.text);
      expect(badErrorBody(sent)).toBeNull();
    }
    expect((await fetch(`${server.url}/apis/health`)).status).toBe(200);
  });

  it('never answers 5xx, answers 4xx in Slovak and changes nothing on a 4xx', {
    timeout: 240_000,
  }, async () => {
    const ops = await fetchOperations(server.url);
    expect(ops.length).toBeGreaterThan(10);
    let state = await stateDigest(server.app.ctx.db, server.dataDir);
    for (const op of ops) {
      const samples = fc.sample(hostileRequests(op, hints), { seed: seedOf(op), numRuns: RUNS });
      for (const req of samples) state = await check(op, 'admin', req, state);
      const probe = await send(server.url, samples[0] as HostileRequest);
      const runs = probe.status === 401 ? RUNS_SIGNED_OUT_PROTECTED : RUNS;
      for (const req of samples.slice(0, runs)) state = await check(op, 'signed out', req, state);
    }
    if (process.env.FUZZ_VERBOSE)
      console.log(
        Object.entries(stats)
          .map(([k, v]) => `${k}:${v}`)
          .join('\n'),
      );
    // Nothing a request parsed may have reached the prototypes of this very process.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await fetch(`${server.url}/apis/health`)).status).toBe(200);

    const report = failures
      .slice(0, 40)
      .map((f) => `• ${f.op} as ${f.as}: ${f.problem}\n    ${f.request}`)
      .join('\n');
    expect(
      failures.length,
      `${failures.length} hostile-input failures (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS}):\n${report}`,
    ).toBe(0);
  });
});

function errorText(args: unknown[]): string {
  const obj = args[0] as { err?: Error } | undefined;
  const err = obj?.err ?? (args[0] instanceof Error ? args[0] : undefined);
  if (err) return `${err.stack ?? err.message}`.split('\n').slice(0, 6).join(' | ');
  return JSON.stringify(args).slice(0, 300);
}
