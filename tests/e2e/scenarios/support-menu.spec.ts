// The support account sees exactly the sections its features grant; a wrong code is refused.
import { check, checkEqual, waitForPath } from '../harness/check';
import { menuLabels, shell, signIn } from '../harness/pages';
import type { Scenario } from '../harness/scenario';
import { expectedMenu, expectedRoot } from '../harness/staff';

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
    // A typed URL of a section it lacks sends it back to the root (role_mgmt is not granted).
    await t.step('typed URL /user_roles goes back to the root', async () => {
      await t.page.goto(`${support.server.url}/user_roles`);
      await waitForPath(t.page, expectedRoot('support'));
      await shell(t.page).logout.waitFor();
      check((await t.page.getByRole('heading', { name: 'Role Management' }).count()) === 0, 'no Role Management section');
    });
  },
};
