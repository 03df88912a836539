// The one way the panel writes times and days: every time names its zone, a day is one form
// wherever it comes from (a stored moment, a YYYY-MM-DD, the wire's MM-dd-yyyy expiry).
import { describe, expect, it } from 'vitest';
import {
  dayText,
  expiryDayText,
  isoDayOf,
  isoDayText,
  monthText,
  timeText,
  timeTextToSecond,
  utcTimeText,
} from '../../src/domain/format';

const AT = Date.UTC(2026, 10, 28, 21, 16, 5);

describe('format', () => {
  it('names the zone of every time', () => {
    for (const text of [timeText(AT), timeTextToSecond(AT), utcTimeText(AT)])
      expect(text).toMatch(/\b(UTC|GMT[+-]?\d*|[A-Z]{2,5})$/);
    expect(utcTimeText(AT)).toBe('Nov 28, 2026, 9:16 PM UTC');
    expect(timeText(null)).toBe('—');
  });

  it('writes a day one way, from a moment, an ISO day or an expiry', () => {
    expect(dayText(AT)).toBe('Nov 28, 2026');
    expect(isoDayText('2026-11-28')).toBe('Nov 28, 2026');
    expect(expiryDayText('11-28-2026')).toBe('Nov 28, 2026');
    expect(expiryDayText('06-24-2025')).toBe('Jun 24, 2025');
    expect(dayText(null)).toBe('—');
  });

  it('keeps the stored UTC day, whatever the hour', () => {
    expect(dayText(Date.UTC(2026, 10, 28, 23, 59))).toBe('Nov 28, 2026');
    expect(isoDayOf(Date.UTC(2026, 10, 28, 23, 59))).toBe('2026-11-28');
  });

  it('writes months and leaves what is not a date as it is', () => {
    expect(isoDayText('2026-11')).toBe(monthText(Date.UTC(2026, 10, 1)));
    expect(isoDayText('Admins')).toBe('Admins');
    expect(expiryDayText('soon')).toBe('soon');
  });
});
