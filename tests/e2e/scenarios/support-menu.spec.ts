// The support account sees exactly the sections its features grant; a wrong code is refused.
import { checkEqual, waitForPath } from '../harness/check';
import { menuLabels, signIn } from '../harness/pages';
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
  },
};
