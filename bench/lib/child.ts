import { type ChildProcess, fork } from 'node:child_process';
import { cpuSecondsOf, peakRssOf } from './rss.ts';

/**
 * A server under test in a process of its own, so that the load generator (autocannon, the
 * sign-in loop) does not share its event loop and its memory is its own.
 */
export type ServerChild = {
  url: string;
  info: Record<string, unknown>;
  pid: number;
  /** Peak RSS of the server process so far, in bytes. */
  peakRss(): Promise<number>;
  /** CPU seconds (user + system, all threads) the server process has used so far; NaN off Linux. */
  cpuSeconds(): number;
  /** The same for the main thread alone (the event loop: not libuv's pool, not sharp's threads). */
  mainThreadCpuSeconds(): number;
  stop(): Promise<void>;
};

type Message = { type: string; [k: string]: unknown };

export async function startChild(
  entry: string | URL,
  env: Record<string, string> = {},
): Promise<ServerChild> {
  const child = fork(entry, [], {
    // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to look inside a server under load.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await nextMessage(child, 'ready', 120_000);
  const pid = child.pid as number;
  return {
    url: String(ready.url),
    info: ready,
    pid,
    async peakRss() {
      child.send({ type: 'peak' });
      const reply = await nextMessage(child, 'peak', 10_000);
      return Math.max(Number(reply.bytes), peakRssOf(pid) ?? 0);
    },
    cpuSeconds: () => cpuSecondsOf(pid) ?? Number.NaN,
    mainThreadCpuSeconds: () => cpuSecondsOf(pid, pid) ?? Number.NaN,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function nextMessage(child: ChildProcess, type: string, timeoutMs: number): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`server process sent no '${type}' in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (m: Message) => {
      if (m?.type === type) done(null, m);
    };
    const onExit = (code: number | null) =>
      done(new Error(`server process exited (${code}) before '${type}'`));
    function done(err: Error | null, m?: Message) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(m as Message);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The child's side: answer the parent's `peak` and `stop`, then tell it where to connect. */
export function serveParent(url: string, info: Record<string, unknown>, close: () => Promise<void>): void {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  timer.unref();
  process.on('message', (m: Message) => {
    if (m?.type === 'peak')
      process.send?.({ type: 'peak', bytes: Math.max(peak, process.memoryUsage.rss()) });
    if (m?.type === 'stop') {
      close().finally(() => process.exit(0));
    }
  });
  process.on('disconnect', () => {
    close().finally(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url, ...info });
}
