// Broker Details and Brokers (decision 059). The admin opens Broker Research, Brokers, searches
// 'Zenith Partners' among the 5,000 seeded brokers and opens it in Broker Details: its names,
// distributors and entitlements. The admin sets its MiFID II status, adds a sales contact and links
// Falcon Research; after a reload all three are there (the status with who set it). Back on
// Brokers, the admin creates a user group of Zenith Partners and adds the analyst to it by
// username; after a reload the group shows one member.
import path from 'node:path';
import { MIFID_LABELS } from '../../../src/domain/broker-research';
import { FIELD_MESSAGES } from '../../../src/domain/user-rules';
import { check, checkEqual } from '../harness/check';
import { ARTIFACTS } from '../harness/paths';
import { signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

const BROKER = 'Zenith Partners';
const LINKED = 'Falcon Research';
const CONTACT = {
  name: 'Morgan Example',
  email: 'morgan.example@zenith-partners.test',
  phone: '+1 212 555 0188',
  region: 'EMEA',
};
const GROUP = { name: 'Trial readers desk', description: 'Readers on a three-month trial' };
const SHOTS = path.join(ARTIFACTS, 'broker-details');

export const scenario: Scenario = {
  name: 'Broker details: admin finds a broker, sets MiFID II, adds a contact, links a broker; creates a user group with a member',
  servers: ['app'],
  async run(t) {
    const page = t.page;
    await signIn(t, page, t.world.account('app', 'admin'));
    const main = page.getByRole('main');
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    let mifid: keyof typeof MIFID_LABELS = 'pending';

    await t.step('admin opens Brokers and searches for Zenith Partners', async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Broker Research', exact: true }).click();
      await main.getByRole('tab', { name: 'Brokers', exact: true }).click();
      const list = main.getByRole('region', { name: 'Brokers' });
      await list.getByRole('rowheader').first().waitFor();
      await main.getByLabel('Broker name', { exact: true }).fill(BROKER);
      await main.getByRole('button', { name: 'Search', exact: true }).click();
      await list.getByRole('link', { name: BROKER, exact: true }).waitFor();
      const names = await list.getByRole('rowheader').getByRole('link').allInnerTexts();
      check(
        names.every((n) => n.includes(BROKER)),
        `only brokers named like it: ${names.join(', ')}`,
      );
      check(new URL(page.url()).searchParams.get('q') === BROKER, 'the search is in the URL');
      await shot('1-brokers-searched');
    });

    await t.step('the broker opens in Broker Details: its names, distributors and entitlements', async () => {
      await main.getByRole('region', { name: 'Brokers' }).getByRole('link', { name: BROKER, exact: true }).click();
      await main.getByRole('heading', { level: 3, name: BROKER }).waitFor();
      checkEqual(new URL(page.url()).searchParams.get('tab'), 'broker_details', 'the tab in the URL');
      await main
        .getByRole('region', { name: 'Names' })
        .getByText(/^Zenith Partners (LLC|Ltd|plc|AG|KK)$/)
        .waitFor();
      await main.getByRole('region', { name: 'Distributors' }).getByRole('table').waitFor();
      check(
        /^[\d,]+ active and [\d,]+ ended fulfillments\./.test(
          await main.getByLabel('Fulfillments', { exact: true }).innerText(),
        ),
        'fulfillment counts',
      );
      const now = await main.getByLabel('MiFID II', { exact: true }).innerText();
      mifid = now.startsWith(MIFID_LABELS.pending) ? 'non_compliant' : 'pending';
      await shot('2-details');
    });

    await t.step(`admin sets its MiFID II status to ${MIFID_LABELS[mifid]}`, async () => {
      await main.getByRole('button', { name: 'Change MiFID II status', exact: true }).click();
      const form = main.getByRole('form', { name: 'MiFID II status' });
      await form.getByRole('radio', { name: MIFID_LABELS[mifid], exact: true }).click();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await main.getByRole('status', { name: 'Broker notice' }).filter({ hasText: 'MiFID II status saved.' }).waitFor();
      check(
        (await main.getByLabel('MiFID II', { exact: true }).innerText()).startsWith(
          `${MIFID_LABELS[mifid]} Set by admin at `,
        ),
        'set by admin',
      );
    });

    await t.step('admin adds a sales contact; a wrong email is refused at its field first', async () => {
      await main.getByRole('button', { name: 'Add sales contact', exact: true }).click();
      const form = main.getByRole('form', { name: 'Sales contact' });
      await form.getByLabel('Name', { exact: true }).fill(CONTACT.name);
      await form.getByLabel('Email', { exact: true }).fill('morgan.example@');
      await form.getByRole('button', { name: 'Add contact', exact: true }).click();
      await main.getByRole('status', { name: 'Broker notice' }).filter({ hasText: FIELD_MESSAGES.email }).waitFor();
      checkEqual(
        await form.getByLabel('Email', { exact: true }).getAttribute('aria-invalid'),
        'true',
        'the email marked',
      );
      await shot('3-contact-refused');
      await form.getByLabel('Email', { exact: true }).fill(CONTACT.email);
      await form.getByLabel('Phone', { exact: true }).fill(CONTACT.phone);
      await form.getByLabel('Region', { exact: true }).fill(CONTACT.region);
      await form.getByRole('button', { name: 'Add contact', exact: true }).click();
      await main.getByRole('status', { name: 'Broker notice' }).filter({ hasText: 'Sales contact added.' }).waitFor();
      await main
        .getByRole('region', { name: 'Sales contacts' })
        .getByRole('rowheader', { name: CONTACT.name })
        .waitFor();
    });

    await t.step(`admin links ${LINKED}`, async () => {
      await main.getByRole('button', { name: 'Link a broker', exact: true }).click();
      const form = main.getByRole('form', { name: 'Link a broker' });
      await form.getByLabel('Broker to link', { exact: true }).fill(LINKED);
      await form.getByRole('button', { name: 'Find', exact: true }).click();
      await form
        .getByRole('group', { name: 'Brokers to link' })
        .getByRole('button', { name: LINKED, exact: true })
        .click();
      await form
        .getByLabel('Broker chosen', { exact: true })
        .filter({ hasText: `Link to ${LINKED}.` })
        .waitFor();
      await form.getByRole('button', { name: 'Link', exact: true }).click();
      await main.getByRole('status', { name: 'Broker notice' }).filter({ hasText: 'Brokers linked.' }).waitFor();
      await shot('4-changed');
    });

    await t.step('after a reload the status, the contact and the link are there', async () => {
      await page.reload();
      await main.getByRole('heading', { level: 3, name: BROKER }).waitFor();
      check(
        (await main.getByLabel('MiFID II', { exact: true }).innerText()).startsWith(
          `${MIFID_LABELS[mifid]} Set by admin at `,
        ),
        'the status kept',
      );
      const contact = main
        .getByRole('region', { name: 'Sales contacts' })
        .getByRole('row')
        .filter({ hasText: CONTACT.name });
      check((await contact.innerText()).includes(CONTACT.email), 'the contact with its email');
      await main
        .getByRole('list', { name: 'Linked brokers of the broker' })
        .getByRole('link', { name: LINKED, exact: true })
        .waitFor();
      check(
        (await main.getByLabel('Last changed', { exact: true }).innerText()).startsWith('by admin at '),
        'last changed by admin',
      );
      await shot('5-reloaded');
    });

    await t.step('on Brokers, admin creates a user group of the broker and adds the analyst to it', async () => {
      await main.getByRole('tab', { name: 'Brokers', exact: true }).click();
      await main.getByLabel('Broker name', { exact: true }).fill(BROKER);
      await main.getByRole('button', { name: 'Search', exact: true }).click();
      const list = main.getByRole('region', { name: 'Brokers' });
      await list.getByRole('link', { name: BROKER, exact: true }).waitFor();
      await list.getByRole('button', { name: `User groups of ${BROKER}`, exact: true }).click();
      const groups = main.getByRole('region', { name: 'User groups' });
      await groups.getByRole('heading', { name: `User groups of ${BROKER}` }).waitFor();
      await groups.getByRole('button', { name: 'New user group', exact: true }).click();
      const form = groups.getByRole('form', { name: 'User group' });
      await form.getByLabel('Name', { exact: true }).fill(GROUP.name);
      await form.getByLabel('Description', { exact: true }).fill(GROUP.description);
      await form.getByRole('button', { name: 'Create', exact: true }).click();
      await main.getByRole('status', { name: 'Brokers notice' }).filter({ hasText: 'User group created.' }).waitFor();
      await groups.getByRole('button', { name: `Members of ${GROUP.name}`, exact: true }).click();
      const members = groups.getByRole('region', { name: `Members of ${GROUP.name}` });
      await members.getByLabel('Emails or usernames', { exact: true }).fill('analyst');
      await members.getByRole('button', { name: 'Add', exact: true }).click();
      await main.getByRole('status', { name: 'Brokers notice' }).filter({ hasText: '1 member added.' }).waitFor();
      await members.getByRole('listitem').filter({ hasText: '(analyst,' }).waitFor();
      await shot('6-user-group');
    });

    await t.step('after a reload the broker’s user groups show the new group with one member', async () => {
      await page.reload();
      const groups = main.getByRole('region', { name: 'User groups' });
      const row = groups.getByRole('row').filter({ hasText: GROUP.name });
      await row.waitFor();
      checkEqual((await row.getByRole('cell').first().innerText()).trim(), '1 member', 'the member count');
      await shot('7-reloaded-groups');
    });
  },
};
