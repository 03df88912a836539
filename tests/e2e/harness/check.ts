// Waiting assertions for a page that changes on its own (playwright-core has no expect()).
import type { Page } from 'playwright-core';

export class CheckFailed extends Error {
  override name = 'CheckFailed';
}

/** Waits until the page shows this path (pathname only). */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });
  } catch {
    throw new CheckFailed(`expected to be on ${path} within ${timeout} ms, but the page is at ${page.url()}`);
  }
}

/** Polls `probe` until it returns a value (not undefined), or fails with `what`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new CheckFailed(
        `${what}: not seen within ${timeout} ms${last ? ` (last error: ${(last as Error).message})` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function checkEqual<T>(actual: T, expected: T, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new CheckFailed(`${what}\n  expected: ${e}\n  actual:   ${a}`);
}

export function check(condition: boolean, what: string): void {
  if (!condition) throw new CheckFailed(what);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
