// Keyboard only: the admin signs in with Tab and Enter, opens a user from the list, changes the
// first name and saves, opens a role's holders and closes them with Escape. At each step the
// focus is somewhere a screen reader reads (never the page's body) and the document's title names
// the page: the new page's heading takes focus, a dialog takes it and gives it back to its button.
import type { Locator, Page } from 'playwright-core';
import { check, checkEqual, eventually } from '../harness/check';
import { signInByKeyboard } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { editPage } from '../harness/user-pages';

/** Waits until `target` holds the focus. */
const focusOn = (target: Locator, what: string) =>
  eventually(
    `focus on ${what}`,
    async () => (await target.evaluate((el) => el === document.activeElement)) || undefined,
  );

const titleIs = (page: Page, title: string) =>
  eventually(`the title "${title}"`, async () => ((await page.title()) === title ? true : undefined)).catch(
    async (error: Error) => {
      throw new Error(`${error.message}; it is "${await page.title()}"`);
    },
  );

/** Presses Tab (or Shift+Tab) until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, what: string, max = 80, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${what} not reached with ${max} presses of Tab`);
}

/** Focus may wait a moment for a control that comes back, but never stays on the page's body. */
const notOnBody = (page: Page, when: string) =>
  eventually(
    `focus somewhere on the page (not its body) ${when}`,
    async () => (await page.evaluate(() => document.activeElement !== document.body)) || undefined,
    5_000,
  );

export const scenario: Scenario = {
  name: 'Keyboard only: sign in, open a user, edit and save, open and close a dialog; focus and title at each step',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    const main = page.getByRole('main');
    const admin = t.world.account('app', 'admin');

    await t.step('/login is titled for signing in', async () => {
      await page.goto(`${admin.server.url}/login`);
      await titleIs(page, 'Sign in · Staff Console');
    });
    await signInByKeyboard(t, page, admin);

    await t.step('signed in: the first page is titled and its heading has the focus', async () => {
      await titleIs(page, 'All Users · Staff Console');
      await focusOn(main.getByRole('heading', { name: 'All Users', level: 2 }), "the page's heading");
    });

    let name = '';
    await t.step("Tab to the first user's link, Enter: the user's page, titled by their name", async () => {
      const link = main.locator('a[href^="/user_list/"]').first();
      await link.waitFor();
      name = (await link.innerText()).trim();
      await tabTo(page, link, `the link to ${name}`);
      await page.keyboard.press('Enter');
      await focusOn(main.getByRole('heading', { name, level: 2 }), `the heading ${name}`);
      await titleIs(page, `${name} · All Users · Staff Console`);
    });

    const edit = editPage(page);
    await t.step('the first name changed by typing, Save by Shift+Tab and Enter: saved, focus kept', async () => {
      await tabTo(page, edit.firstName, 'First name');
      await page.keyboard.press('End');
      await page.keyboard.type('x');
      // Save sits above the form, beside Discard changes.
      await tabTo(page, edit.save, 'Save', 20, 'Shift+Tab');
      await page.keyboard.press('Enter');
      await edit.outcome.waitFor();
      await eventually('No unsaved changes', async () =>
        (await edit.unsaved.innerText()) === 'No unsaved changes.' ? true : undefined,
      );
      await notOnBody(page, 'after Save');
      // The heading and the title name the user as saved: the first name with its x.
      const [first, ...rest] = name.split(' ');
      await titleIs(page, `${[`${first}x`, ...rest].join(' ')} · All Users · Staff Console`);
    });

    await t.step('the message goes by itself after its five seconds (spec §2)', async () => {
      await edit.outcome.waitFor({ state: 'detached', timeout: 20_000 });
    });

    await t.step('Role Management by the menu: its heading has the focus, the page is titled', async () => {
      const link = page.getByRole('navigation').getByRole('link', { name: 'Role Management', exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await focusOn(main.getByRole('heading', { name: 'Role Management', level: 2 }), "the page's heading");
      await titleIs(page, 'Role Management · Staff Console');
    });

    await t.step("a role's holders: Enter opens the dialog with the focus inside, Escape gives it back", async () => {
      const opener = main.getByRole('button', { name: /^Holders of / }).first();
      await opener.waitFor();
      await tabTo(page, opener, 'the first Holders button');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      check(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus is inside the open dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await focusOn(opener, 'the Holders button that opened the dialog');
      checkEqual(await page.title(), 'Role Management · Staff Console', 'the title with the dialog closed');
    });
  },
};
