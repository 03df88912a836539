// The support account sees exactly the sections its features grant (neither Segments & Tags nor
// Restrict Broker, whose calls the server refuses it); a wrong code is refused; an unknown address
// is answered inside the shell; the keyboard's first stop skips to the content.
import type { Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/domain/constants';
import { check, checkEqual, waitForPath } from '../harness/check';
import { menuLabels, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedMenu, expectedRoot } from '../harness/staff';

/** A call made as the page makes its own (session cookie, CSRF header and field); answers the HTTP status. */
const callAsPage = (page: Page, method: string, path: string, form: Record<string, string>) =>
  page.evaluate(
    async ({ cookie, header, method, path, form }) => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '',
      );
      const body = method === 'GET' ? undefined : new URLSearchParams({ ...form, csrfmiddlewaretoken: csrf });
      const url = method === 'GET' ? `${path}?${new URLSearchParams(form)}` : path;
      const res = await fetch(url, { method, credentials: 'include', headers: { [header]: csrf }, body });
      return res.status;
    },
    { cookie: CSRF_COOKIE, header: CSRF_HEADER, method, path, form },
  );

export const scenario: Scenario = {
  name: 'Support sees only All Users and Create User',
  servers: ['app'],
  async run(t) {
    const support = t.world.account('app', 'support');
    await signIn(t, t.page, support, { wrongCodeFirst: true });
    await t.step('lands on the root section', () => waitForPath(t.page, expectedRoot('support')));
    await t.step('menu lists All Users and Create User only', async () => {
      checkEqual(expectedMenu('support'), ['All Users', 'Create User'], 'support menu per the seed');
      checkEqual(await menuLabels(t.page), expectedMenu('support'), 'support menu');
    });
    await t.step(
      'neither Segments & Tags nor Restrict Broker is offered, and the server refuses their calls',
      async () => {
        const menu = await menuLabels(t.page);
        check(
          !menu.includes('Segments & Tags') && !menu.includes('Restrict Broker'),
          `support's menu: ${menu.join(', ')}`,
        );
        const email = 'nobody@example.com';
        checkEqual(await callAsPage(t.page, 'GET', '/api/mybroker/', { email }), 403, 'GET api/mybroker/');
        checkEqual(
          await callAsPage(t.page, 'POST', '/api/mybroker/', { email, action: 'add', brokers: '[1]' }),
          403,
          'POST api/mybroker/',
        );
        checkEqual(
          await callAsPage(t.page, 'PUT', '/api/mybroker/', { email, flags: '{"freeze":true}' }),
          403,
          'PUT api/mybroker/',
        );
        checkEqual(
          await callAsPage(t.page, 'POST', '/user/assign_tags/', {
            tags: '[1]',
            userIds: JSON.stringify([email]),
            type: 'overwrite',
            updated_from: 'bulk_upload',
          }),
          403,
          'user/assign_tags/ with updated_from bulk_upload',
        );
      },
    );
    // A typed URL of a section it lacks stays, and says which permission it needs (decision 050).
    await t.step('typed URL /user_roles says it needs the Role management permission', async () => {
      await t.page.goto(`${support.server.url}/user_roles`);
      await t.page
        .getByRole('main')
        .getByRole('alert', { name: 'No permission' })
        .filter({ hasText: 'it needs the ‘Role management’ permission' })
        .waitFor();
      await shell(t.page).logout.waitFor();
      check(
        (await t.page.getByRole('main').getByRole('table', { name: 'Roles' }).count()) === 0,
        'no Role Management screen',
      );
    });
    await t.step('an unknown address: "Page not found" inside the shell', async () => {
      await t.page.goto(`${support.server.url}/no/such/page`);
      await t.page.getByRole('main').getByRole('heading', { name: 'Page not found' }).waitFor();
      checkEqual(await menuLabels(t.page), expectedMenu('support'), 'the menu beside it');
      await shell(t.page).logout.waitFor();
    });
    await t.step(
      'the first Tab of the page shows "Skip to content"; Enter moves the focus to the content',
      async () => {
        await t.page.keyboard.press('Tab');
        const skip = t.page.getByRole('link', { name: 'Skip to content' });
        check(await skip.evaluate((el) => el === document.activeElement), 'the skip link has the focus');
        const box = await skip.boundingBox();
        check(
          box !== null && box.y >= 0 && box.height > 10,
          `the skip link is on screen while focused: ${JSON.stringify(box)}`,
        );
        await t.page.keyboard.press('Enter');
        check(
          await t.page.getByRole('main').evaluate((el) => el === document.activeElement),
          'the content has the focus',
        );
        const hidden = await skip.boundingBox();
        check(hidden === null || hidden.y + hidden.height <= 0, 'the skip link is out of sight once it lost the focus');
      },
    );
    await t.step('the not-found page leads back to the start page', async () => {
      await t.page.getByRole('main').getByRole('link', { name: 'Back to the start page' }).click();
      await waitForPath(t.page, expectedRoot('support'));
    });
  },
};
