import fs from 'node:fs';
import path from 'node:path';

/**
 * Summarises V8 CPU profiles (`--cpu-prof`, e.g. via BENCH_NODE_ARGS) without any viewer: self
 * time per function and per package/file, and inclusive time of functions matching a pattern.
 *
 *   node --import tsx bench/lib/profile-summary.ts /tmp/prof/*.cpuprofile [--top 40] [--grep auth] [--skip 10]
 *
 * `--skip S` leaves out the first S seconds (start-up, seeding, warm-up).
 */
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
const top = Number(args[args.indexOf('--top') + 1]) || 40;
const skipUs = args.includes('--skip') ? Number(args[args.indexOf('--skip') + 1]) * 1e6 : 0;
const grep = args.includes('--grep')
  ? new RegExp(args[args.indexOf('--grep') + 1] as string, 'i')
  : undefined;
const files = args.filter((a, i) => a.endsWith('.cpuprofile') && args[i - 1] !== '--grep');

const where = (url: string): string => {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] as string);
  }
  if (url.startsWith('node:')) return url;
  return path.relative(process.cwd(), url.replace(/^file:\/\//, ''));
};

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    elapsed += profile.timeDeltas[i] ?? 0;
    if (elapsed >= skipUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => /\(idle\)/.test(byId.get(id)?.callFrame.functionName ?? ''));
  const idleUs = idle.reduce((s, [, t]) => s + t, 0);
  const busy = total - idleUs;

  const fnSelf = new Map<string, number>();
  const pkgSelf = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id);
    if (!n || /\(idle\)/.test(n.callFrame.functionName)) continue;
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    fnSelf.set(fn, (fnSelf.get(fn) ?? 0) + t);
    const pkg = where(n.callFrame.url);
    pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + t);
  }
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
  const list = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, t]) => `  ${pct(t)}  ${k}`)
      .join('\n');

  console.log(
    `\n${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, busy ${(busy / 1e6).toFixed(1)} s (${((100 * busy) / total).toFixed(0)} %)`,
  );
  console.log(`self time by package/file (of busy):\n${list(pkgSelf, 20)}`);
  console.log(`self time by function (of busy):\n${list(fnSelf, top)}`);

  if (grep) {
    // Inclusive time: a node's own samples plus its descendants', counted once per matching frame
    // (a matching frame under another matching frame is not counted twice).
    const inclusive = new Map<string, number>();
    const walk = (id: number, inside: Set<string>): number => {
      const n = byId.get(id) as Node;
      const key = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}`;
      const match = grep.test(key) && !inside.has(key);
      const next = match ? new Set([...inside, key]) : inside;
      let t = self.get(id) ?? 0;
      for (const c of n.children ?? []) t += walk(c, next);
      if (match) inclusive.set(key, (inclusive.get(key) ?? 0) + t);
      return t;
    };
    walk(profile.nodes[0]?.id as number, new Set());
    console.log(`inclusive time of frames matching ${grep} (of busy):\n${list(inclusive, top)}`);
  }
}
