// Nobody signed in: every section, and the root, sends the visitor to /login.
import { MENU } from '../../../src/domain/menu';
import { check, waitForPath } from '../harness/check';
import { loginForm, shell } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

export const scenario: Scenario = {
  name: 'Unauthenticated visits land on /login',
  servers: ['app'],
  async run(t) {
    const base = t.world.server('app').url;
    for (const path of ['/', MENU[0]!.path, '/create_user', '/user_roles']) {
      await t.step(`visit ${path}`, async () => {
        await t.page.goto(`${base}${path}`);
        await waitForPath(t.page, '/login');
        await loginForm(t.page).username.waitFor();
        check((await shell(t.page).logout.count()) === 0, `no Logout button for a visitor on ${path}`);
      });
    }
  },
};
