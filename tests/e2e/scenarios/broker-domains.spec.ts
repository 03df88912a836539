// Broker Research, Broker Domain Mappings (decision 061). The admin opens the tab: the seeded
// mappings by domain, each with its broker, the users it recognises and its last change. The
// admin maps Research.APEX.com to Apex Securities (found by name in the picker; kept lower case),
// finds it by searching its domain (the search in the URL), tries the same domain for Beacon
// Securities and reads the refusal at the Domain field naming Apex Securities; that form survives
// a reload, and Cancel asks before dropping it. The admin edits the mapping to equities.apex.com,
// finds it again, and removes it after the confirmation.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

const SHOTS = path.join(ARTIFACTS, 'broker-domains');
// The time is the viewer's, its zone named.
const CHANGED = /^admin, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \S+$/;

/** The domains the table shows, in order. */
const domains = (main: Locator) =>
  main.getByRole('table', { name: 'Broker domain mappings' }).getByRole('rowheader').allInnerTexts();

async function search(page: Page, main: Locator, text: string): Promise<void> {
  await main.getByLabel('Domain or broker name starts with').fill(text);
  await main.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === text);
  await main.getByRole('status', { name: 'Loading the broker domain mappings' }).waitFor({ state: 'detached' });
}

/** Finds a broker in the form's picker by the start of its name and chooses it. */
async function chooseBroker(form: Locator, find: string, name: string): Promise<void> {
  await form.getByLabel('Broker', { exact: true }).fill(find);
  await form.getByRole('button', { name: 'Find', exact: true }).click();
  await form.getByRole('group', { name: 'Brokers found' }).getByRole('button', { name, exact: true }).click();
  checkEqual(await form.getByLabel('Chosen broker').innerText(), `Chosen: ${name}`, 'the broker chosen');
}

export const scenario: Scenario = {
  name: 'Broker domain mappings: admin maps a domain, finds it, is refused it for another broker, edits and removes it',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    await signIn(t, page, t.world.account('app', 'admin'));
    const main = page.getByRole('main');
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const notice = main.getByRole('status', { name: 'Domain mappings notice' });
    const addForm = main.getByRole('form', { name: 'Add a broker domain mapping' });

    await t.step(
      'admin opens Broker Domain Mappings: the seeded mappings by domain, with broker, users and last change',
      async () => {
        await page.getByRole('navigation').getByRole('link', { name: 'Broker Research', exact: true }).click();
        await main.getByRole('tab', { name: 'Broker Domain Mappings' }).click();
        await page.waitForURL((url) => url.searchParams.get('tab') === 'domain_mappings');
        await main.getByRole('table', { name: 'Broker domain mappings' }).waitFor();
        const shown = await domains(main);
        checkEqual(shown.length, 50, 'a page of 50 mappings');
        checkEqual(shown.join('\n'), [...shown].sort().join('\n'), 'in domain order');
        check(await main.getByRole('button', { name: 'Next', exact: true }).isEnabled(), 'more pages after the first');
        await shot('1-list');
      },
    );

    await t.step('admin maps Research.APEX.com to Apex Securities, chosen by name: told, kept lower case', async () => {
      await main.getByRole('button', { name: 'Add a mapping', exact: true }).click();
      await addForm.getByLabel('Domain', { exact: true }).fill('Research.APEX.com');
      await chooseBroker(addForm, 'apex sec', 'Apex Securities');
      await shot('2-adding');
      await addForm.getByRole('button', { name: 'Save', exact: true }).click();
      await notice.filter({ hasText: 'research.apex.com now names Apex Securities.' }).waitFor();
      await addForm.waitFor({ state: 'detached' });
    });

    await t.step(
      'admin finds it by searching its domain: its broker, the users it recognises, who changed it and when',
      async () => {
        await search(page, main, 'research.apex.com');
        checkEqual((await domains(main)).join(', '), 'research.apex.com', 'the one match');
        const cells = await main.getByRole('row', { name: 'research.apex.com' }).getByRole('cell').allInnerTexts();
        checkEqual(cells[0], 'Apex Securities', 'its broker');
        checkEqual(cells[1], '0 users', 'no user has an email there yet');
        check(CHANGED.test(cells[2] ?? ''), `last change by admin: ${cells[2]}`);
        await shot('3-found');
      },
    );

    await t.step(
      'admin tries research.apex.com for Beacon Securities: refused at the Domain field, naming Apex Securities',
      async () => {
        await main.getByRole('button', { name: 'Add a mapping', exact: true }).click();
        await addForm.getByLabel('Domain', { exact: true }).fill('research.apex.com');
        await chooseBroker(addForm, 'beacon sec', 'Beacon Securities');
        await addForm.getByRole('button', { name: 'Save', exact: true }).click();
        const domain = addForm.getByLabel('Domain', { exact: true });
        await addForm.getByText('research.apex.com already names Apex Securities.', { exact: true }).waitFor();
        checkEqual(await domain.getAttribute('aria-invalid'), 'true', 'the Domain field is marked');
        await shot('4-refused');
      },
    );

    await t.step('the refused form survives a reload; Cancel asks before dropping it', async () => {
      await page.reload();
      await addForm.waitFor();
      checkEqual(
        await addForm.getByLabel('Domain', { exact: true }).inputValue(),
        'research.apex.com',
        'the kept domain',
      );
      checkEqual(await addForm.getByLabel('Chosen broker').innerText(), 'Chosen: Beacon Securities', 'the kept broker');
      await addForm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await main.getByRole('alert', { name: 'Discard the changes?' }).waitFor();
      await shot('5-discard');
      await main.getByRole('button', { name: 'Discard changes', exact: true }).click();
      await addForm.waitFor({ state: 'detached' });
    });

    await t.step('admin edits it to equities.apex.com: saved, and found by its new domain', async () => {
      await main.getByRole('button', { name: 'Edit research.apex.com', exact: true }).click();
      const editForm = main.getByRole('form', { name: 'Edit the mapping of research.apex.com' });
      await editForm.getByLabel('Domain', { exact: true }).fill('equities.apex.com');
      await editForm.getByRole('button', { name: 'Save', exact: true }).click();
      await notice.filter({ hasText: 'Saved: equities.apex.com names Apex Securities.' }).waitFor();
      await main.getByText('No mapping matches.', { exact: true }).waitFor();
      await search(page, main, 'equities.apex.com');
      checkEqual((await domains(main)).join(', '), 'equities.apex.com', 'found by its new domain');
      await shot('6-edited');
    });

    await t.step('admin removes it after the confirmation: gone from the list', async () => {
      await main.getByRole('button', { name: 'Remove equities.apex.com', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Remove this mapping?' });
      await dialog.getByText('equities.apex.com will no longer name Apex Securities.').waitFor();
      await shot('7-confirm');
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await notice.filter({ hasText: 'equities.apex.com no longer names a broker.' }).waitFor();
      await main.getByText('No mapping matches.', { exact: true }).waitFor();
      await shot('8-removed');
    });
  },
};
