const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date ('YYYY-MM-DD') of an instant in the gallery's time zone: an item captured at
 * 23:30 UTC in winter belongs to the next day in Bratislava. Folders and date filters use it.
 */
export function siteDateOf(epochMs: number, timeZone: string): string {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    // en-CA formats as YYYY-MM-DD.
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, fmt);
  }
  return fmt.format(new Date(epochMs));
}

/** '2026-11-21' → '21. 11. 2026', as Slovak writes dates. */
export function slovakDate(siteDate: string): string {
  const [y, m, d] = siteDate.split('-');
  return `${Number(d)}. ${Number(m)}. ${y}`;
}
