// Forms never lose input and always say why the server refused it (decision 042): Create User's
// steps survive a reload, Back and Forward; the edit screen asks before the menu takes the person
// away from unsaved changes; a last name over the server's limit comes back as the server's words
// at the field. The expiry field shows its whole date.
import { USER_FIELD_LIMITS } from '../../../src/domain/user-rules';
import { check, checkEqual, eventually, pathOf, waitForPath } from '../harness/check';
import { shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import {
  choose,
  createForm,
  editPage,
  openUserList,
  pickOrganisation,
  productName,
  userList,
} from '../harness/user-pages';

const ORG = { typed: 'Gr', name: 'Granite Peak Partners' } as const;
const TYPED_FIRST_NAME = 'Hedy';

export const scenario: Scenario = {
  name: "Forms keep drafts across reload, Back and Forward, ask before leaving unsaved edits, and show the server's field errors",
  servers: ['app'],
  async run(t) {
    const { page } = t;
    const admin = t.world.account('app', 'admin');
    await signIn(t, page, admin);
    // The owner field is labelled with the product's display name.
    const form = createForm(page, await productName(page));

    await t.step(
      'Create User, step one: organisation and user type; the expiry field shows its whole date',
      async () => {
        await openUserList(page);
        await shell(page).menu.getByRole('link', { name: 'Create User', exact: true }).click();
        await waitForPath(page, '/create_user');
        await form.step1Heading.waitFor();
        await pickOrganisation(form.organisation, ORG.typed, ORG.name);
        await choose(page, form.userType, 'Trial');
        const fits = await form.expiry.evaluate(
          (el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth,
        );
        check(fits, `the expiry date fits its field (${await form.expiry.inputValue()})`);
      },
    );

    await t.step('Next, then a first name typed on step two', async () => {
      await choose(page, form.owner, /./);
      await form.next.click();
      await form.step2Heading.waitFor();
      await form.firstName.fill(TYPED_FIRST_NAME);
    });

    await t.step('Reload: step one is back as it was, and step two still holds the first name', async () => {
      await page.reload();
      await form.step1Heading.waitFor();
      await eventually('the organisation restored', async () =>
        (await form.organisation.inputValue()) === ORG.name ? true : undefined,
      );
      check((await form.userType.innerText()).includes('Trial'), 'the user type restored');
      await form.next.click();
      await form.step2Heading.waitFor();
      checkEqual(await form.firstName.inputValue(), TYPED_FIRST_NAME, 'the first name restored');
    });

    await t.step('Back to All Users, no question asked; Forward: the form is back', async () => {
      await page.goBack();
      await waitForPath(page, '/user_list');
      // All Users is on screen (its section read) before Forward: the form has gone from the page.
      await page.getByRole('main').getByRole('heading', { name: 'All Users' }).waitFor();
      check((await page.getByRole('alertdialog').count()) === 0, 'nothing asked: the draft is kept');
      await page.goForward();
      await waitForPath(page, '/create_user');
      await form.step1Heading.waitFor();
      await eventually('the organisation back', async () =>
        (await form.organisation.inputValue()) === ORG.name ? true : undefined,
      );
      check((await form.userType.innerText()).includes('Trial'), 'the user type back');
    });

    const edit = editPage(page);
    const lastName = page.getByRole('main').getByRole('textbox', { name: 'Last name', exact: true });
    const userPath = await t.step('open a user and change the first name', async () => {
      await openUserList(page);
      await userList(page).table.getByRole('link').first().click();
      await edit.firstName.waitFor();
      await edit.firstName.fill('Changed');
      await edit.unsaved.filter({ hasText: 'Unsaved changes: First name.' }).waitFor();
      return pathOf(page);
    });

    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await t.step('All Users from the menu: asked first', async () => {
      await shell(page).menu.getByRole('link', { name: 'All Users', exact: true }).click();
      await ask.waitFor();
      checkEqual(pathOf(page), userPath, 'not gone yet');
    });
    await t.step('Stay keeps the page and the change', async () => {
      await ask.getByRole('button', { name: 'Stay on this page' }).click();
      await ask.waitFor({ state: 'hidden' });
      checkEqual(pathOf(page), userPath, 'still on the user');
      checkEqual(await edit.firstName.inputValue(), 'Changed', 'the change kept');
    });

    await t.step('All Users again: Discard changes and leave', async () => {
      await shell(page).menu.getByRole('link', { name: 'All Users', exact: true }).click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Discard changes and leave' }).click();
      await waitForPath(page, '/user_list');
    });

    await t.step(`back on the user: nothing kept; a last name of 314 characters is refused at its field`, async () => {
      await page.goto(new URL(userPath, page.url()).href);
      await edit.firstName.waitFor();
      check((await edit.firstName.inputValue()) !== 'Changed', 'the discarded change is gone');
      checkEqual(
        await lastName.getAttribute('maxlength'),
        String(USER_FIELD_LIMITS.last_name),
        "the field carries the server's limit",
      );
      // Typing stops at the limit; autofill or a script does not: that value reaches the server.
      await lastName.evaluate((el) => el.removeAttribute('maxlength'));
      await lastName.fill('L'.repeat(314));
      await edit.save.click();
      await eventually('the field marked invalid', async () =>
        (await lastName.getAttribute('aria-invalid')) === 'true' ? true : undefined,
      );
      const describedBy = await lastName.getAttribute('aria-describedby');
      const message = await page.locator(`[id="${describedBy}"]`).innerText();
      checkEqual(message, 'At most 150 characters.', "the server's message at the field");
      const summary = await page.getByRole('main').getByRole('alert').first().innerText();
      check(summary.includes('At most 150 characters.'), `the summary says it too: "${summary}"`);
      check(!summary.includes('Error: 400'), 'no bare status code');
    });
  },
};
