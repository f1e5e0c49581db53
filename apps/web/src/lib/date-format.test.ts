import { describe, expect, test } from 'vitest';
import { formatCalendarDate, formatDateTime } from './date-format.ts';

describe('date formats', () => {
  test('a calendar date reads day. month. year without leading zeros, whatever the time zone', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('5. 3. 2026');
    expect(formatCalendarDate('2008-10-22')).toBe('22. 10. 2008');
  });

  test('an instant shows local date and zero-padded time', () => {
    const local = new Date(2026, 0, 7, 9, 4);
    expect(formatDateTime(local.toISOString())).toBe('7. 1. 2026 09:04');
    expect(formatDateTime('not a date')).toBe('');
  });
});
