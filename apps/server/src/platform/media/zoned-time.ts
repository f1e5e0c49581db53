const formats = new Map<string, Intl.DateTimeFormat>();

function format(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(tz, f);
  }
  return f;
}

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock fields of instant `ms` in zone `tz`. */
export function wallClock(ms: number, tz: string): Fields {
  const out: Record<string, number> = {};
  for (const p of format(tz).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out as Fields;
}

/** The calendar date 'YYYY-MM-DD' of instant `ms` in zone `tz` (a media item's siteDate). */
export function calendarDateIn(ms: number, tz: string): string {
  const f = wallClock(ms, tz);
  return `${String(f.year).padStart(4, '0')}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
}

/** How far zone `tz` is ahead of UTC at instant `ms`, in milliseconds. */
function offsetAt(ms: number, tz: string): number {
  const f = wallClock(ms, tz);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which the clocks of zone `tz` showed these wall-clock fields. A time shown twice
 * (the hour a DST change repeats) gives the first; a time never shown (the hour it skips) is read
 * with the offset before the change, as JavaScript's Date does.
 */
export function instantOfWallClock(f: Fields, tz: string): number {
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  // Offsets never change twice within a day: the one a day before and the one a day after cover it.
  const before = asUtc - offsetAt(asUtc - 86_400_000, tz);
  const after = asUtc - offsetAt(asUtc + 86_400_000, tz);
  const shows = (t: number) => asUtc - offsetAt(t, tz) === t;
  const valid = [before, after].filter(shows);
  return valid.length > 0 ? Math.min(...valid) : before;
}
