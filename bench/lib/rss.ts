import fs from 'node:fs';

/**
 * Peak resident memory of this process: the kernel's high-water mark (VmHWM) where there is
 * one (Linux), else the largest of samples taken every `everyMs`. Start before the work, stop after.
 */
export function startRssSampler(everyMs = 50): { stop(): number; peak(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  timer.unref();
  const current = () => Math.max(peak, process.memoryUsage.rss(), peakRssOf(process.pid) ?? 0);
  return {
    peak: current,
    stop() {
      clearInterval(timer);
      return current();
    },
  };
}

/** The kernel's peak RSS (VmHWM) of any process by pid, in bytes; undefined off Linux. */
export function peakRssOf(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system) a process has used so far, in seconds; with `thread`, of that one
 * thread only (the main thread's id is the pid). Undefined off Linux.
 */
export function cpuSecondsOf(pid: number, thread?: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 12th, stime the 13th.
    const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const stat = fs.readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

// USER_HZ: 100 on every Linux that Node supports.
const CLOCK_TICKS = 100;
