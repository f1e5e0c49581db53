const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar date 'YYYY-MM-DD' the Slovak way, `21. 11. 2026` (the server names DATE folders alike).
 * Read as text: a calendar date has no time zone.
 */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d}. ${m}. ${y}`;
}

/** An instant (ISO 8601) in the device's time zone, `21. 11. 2026 14:05`; '' when unreadable. */
export function formatDateTime(iso: string): string {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return '';
  return `${t.getDate()}. ${t.getMonth() + 1}. ${t.getFullYear()} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}
