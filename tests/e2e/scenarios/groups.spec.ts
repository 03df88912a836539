// The admin manages a group: picks Northwind Capital, creates a group, adds two members, turns
// AutoShare and Thesis group on, removes a member (asked first), reloads and finds it all with the
// organization kept in the address; /view_groups shows the same groups without a control that
// changes them (each group a disclosure, opened by its one button).
import type { Page } from 'playwright-core';
import { check, checkEqual, waitForPath } from '../harness/check';
import { signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

const ORG = 'Northwind Capital';
const GROUP = 'Scenario Desk';

function screenOf(page: Page) {
  const group = page.getByRole('region', { name: `Group ${GROUP}` });
  return {
    org: page.getByRole('combobox', { name: 'Organization' }),
    group,
    members: group.getByRole('listitem'),
    memberField: group.getByRole('combobox', { name: `Member to add to ${GROUP}` }),
    switchOf: (name: string) => group.getByRole('switch', { name: new RegExp(`^${name}`) }),
    notice: page.getByLabel('Groups notice'),
  };
}

/** Opens the group (a larger organization shows its groups closed). */
async function openGroup(page: Page): Promise<void> {
  const toggle = screenOf(page).group.getByRole('button', { name: GROUP, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

async function pickOrganization(page: Page): Promise<void> {
  const s = screenOf(page);
  await s.org.fill('North');
  await page.getByRole('option', { name: new RegExp(ORG) }).click();
  await page.getByLabel('Group summary').waitFor();
}

export const scenario: Scenario = {
  name: 'Admin creates a group, adds members, sets AutoShare and Thesis, removes a member',
  servers: ['app'],
  async run(t) {
    const { page } = t;
    const admin = t.world.account('app', 'admin');
    await signIn(t, page, admin);
    const s = screenOf(page);

    await t.step('Group Management in the menu opens the section', async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Group Management', exact: true }).click();
      await waitForPath(page, '/modify_groups');
      await page.getByText('Pick an organization to see its groups.').waitFor();
    });
    await t.step(`${ORG}: its groups with their members`, async () => {
      await pickOrganization(page);
      check((await page.getByRole('region', { name: /^Group / }).count()) >= 2, 'the seeded groups are shown');
      check(
        /\d+ groups? · [\d,]+ users? in no group/.test(await page.getByLabel('Group summary').innerText()),
        'the summary counts groups and users in none',
      );
    });
    await t.step('Create Group: a name the organization has (another case) is refused at its field', async () => {
      await page.getByRole('button', { name: 'Create Group' }).click();
      await page.getByLabel('Group name').fill('research team');
      await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      await page
        .getByText("This organization has a group named 'research team' (names are the same whatever their case).")
        .waitFor();
    });
    await t.step(`Create Group: ${GROUP}`, async () => {
      await page.getByLabel('Group name').fill(GROUP);
      await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      await s.notice.filter({ hasText: `Group '${GROUP}' created.` }).waitFor();
      await s.group.getByText('No members yet.').waitFor();
    });
    const added = await t.step('Two members added by username', async () => {
      const names: string[] = [];
      for (let i = 0; i < 2; i++) {
        const username = await s.group.locator('datalist option').first().getAttribute('value');
        check(username !== null, 'a user of the organization is suggested');
        await s.memberField.fill(username!);
        await s.group.getByRole('button', { name: 'Add member' }).click();
        await s.group.getByRole('button', { name: `Remove ${username} from ${GROUP}` }).waitFor();
        names.push(username!);
      }
      checkEqual(await s.members.count(), 2, 'two members listed');
      return names;
    });
    await t.step('AutoShare on: AutoShare Settings saved', async () => {
      await s.switchOf('AutoShare').click();
      await s.notice.filter({ hasText: 'AutoShare Settings saved' }).waitFor();
      check(await s.switchOf('AutoShare').isChecked(), 'AutoShare is on');
    });
    await t.step('Thesis group on: updated', async () => {
      await s.switchOf('Thesis group').click();
      await s.notice.filter({ hasText: /^updated$/ }).waitFor();
      check(await s.switchOf('Thesis group').isChecked(), 'Thesis group is on');
    });
    const question = page.getByRole('alertdialog', { name: `Remove ${added[0]} from ${GROUP}?` });
    await t.step('Remove asks first, naming the member and the group', async () => {
      await s.group.getByRole('button', { name: `Remove ${added[0]} from ${GROUP}` }).click();
      await question.getByText('They stay a user of the organization.', { exact: false }).waitFor();
    });
    await t.step('A member removed, the question answered', async () => {
      await question.getByRole('button', { name: 'Remove', exact: true }).click();
      await s.notice.filter({ hasText: 'Member removed.' }).waitFor();
      // The page behind a question is out of the accessibility tree until the question has gone.
      await s.group.waitFor();
      checkEqual(await s.members.count(), 1, 'one member left');
    });
    await t.step('Reload: the group as saved', async () => {
      check(/[?&]org=\d+/.test(page.url()), 'the organization is in the address');
      await page.reload();
      // The address keeps the organization: its groups come back without picking it again.
      await s.group.waitFor();
      checkEqual(await s.org.inputValue(), ORG, 'the organization kept');
      await openGroup(page);
      checkEqual(await s.members.count(), 1, 'one member');
      check((await s.members.first().innerText()).includes(added[1]!), `the member kept is ${added[1]}`);
      check(await s.switchOf('AutoShare').isChecked(), 'AutoShare stays on');
      check(await s.switchOf('Thesis group').isChecked(), 'Thesis group stays on');
      check(!(await s.switchOf('Collab group').isChecked()), 'Collab group stays off');
    });
    await t.step('/view_groups: the same group, read only', async () => {
      await page.goto(new URL('/view_groups', page.url()).href);
      await page.getByText('Pick an organization to see its groups.').waitFor();
      await pickOrganization(page);
      await s.group.waitFor();
      await openGroup(page);
      checkEqual(await page.getByRole('button', { name: 'Create Group' }).count(), 0, 'no Create Group');
      checkEqual(await s.group.getByRole('button').count(), 1, 'no button on the group but the one opening it');
      checkEqual(await s.group.getByRole('switch').count(), 0, 'no switch to change');
      checkEqual(
        await s.group.getByLabel(`Switches of ${GROUP}`).innerText(),
        'AutoShare: on\nThesis group: on',
        'the switches on, in words',
      );
    });
  },
};
