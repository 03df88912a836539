// Server tests run on a fake Date, which the server's clock reads: expiry and lockout are tested
// by moving time, never by sleeping.
import { vi } from 'vitest';

export const MORNING = new Date('2026-11-21T09:00:00Z');

export function startFakeClock(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MORNING);
}

export function stopFakeClock(): void {
  vi.useRealTimers();
}

export function advance(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}
