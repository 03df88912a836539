// A second person at the same time: a browser context of its own, signed in as `account`, closed
// afterwards whatever happens.
import type { Page } from 'playwright-core';
import { signIn } from './pages';
import type { ScenarioContext } from './scenario';
import type { Account } from './world';

export async function inOtherBrowser<T>(
  t: ScenarioContext,
  account: Account,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const browser = t.context.browser();
  if (!browser) throw new Error('no browser to open a second one from');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await signIn(t, page, account);
    return await run(page);
  } finally {
    await context.close();
  }
}
