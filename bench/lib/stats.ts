import os from 'node:os';

/** The p-th percentile (0–100) of a list of numbers, by nearest rank; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** `0.62 (goal ≥ 0.5: met)` — a ratio against its reference, with the goal verdict. */
export function ratioText(ratio: number, goal: number): string {
  return `${ratio.toFixed(2)} (goal ≥ ${goal}: ${ratio >= goal ? 'met' : 'MISSED'})`;
}

/** A plain-text table, columns padded, first row the header; also valid Markdown. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head ?? []), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join(
    '\n',
  );
}

/** The machine and moment a figure was taken on, for docs/performance.md. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return (
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${os.availableParallelism()} cores (${cpu}) · ` +
    `${mib(os.totalmem())} RAM · Node ${process.version} · ${os.platform()} ${os.release()} · load avg ${load}`
  );
}
