// Five wrong passwords block the account: even the right password is then refused as blocked.
import { LOCKOUT_THRESHOLD } from '../../../src/domain/constants';
import { MESSAGES } from '../../../src/domain/auth';
import { check } from '../harness/check';
import { loginForm, submitPassword } from '../harness/pages';
import type { Scenario } from '../harness/scenario';

export const scenario: Scenario = {
  name: 'Five wrong passwords block the account',
  servers: ['testing'],
  async run(t) {
    const { page } = t;
    const support = t.world.account('testing', 'support');
    const form = loginForm(page);
    for (let attempt = 1; attempt <= LOCKOUT_THRESHOLD; attempt++) {
      await t.step(`wrong password ${attempt} of ${LOCKOUT_THRESHOLD}`, async () => {
        const response = await submitPassword(page, support, `${support.password}-wrong`);
        check(response.ok(), `login_account_new/ answered HTTP ${response.status()}`);
        // The last failure may already answer 'blocked'; the ones before must not.
        const message = attempt < LOCKOUT_THRESHOLD ? MESSAGES.badCredentials : new RegExp(`^(${MESSAGES.badCredentials}|${MESSAGES.blocked.replace('.', '\\.')})$`);
        await page.getByText(message).first().waitFor();
        check((await form.otpHeading.count()) === 0, 'no OTP box after a wrong password');
      });
    }
    await t.step('the right password now: Account is blocked.', async () => {
      await submitPassword(page, support);
      await page.getByText(MESSAGES.blocked, { exact: true }).waitFor();
      check((await form.otpHeading.count()) === 0, 'a blocked account gets no OTP box');
    });
  },
};
