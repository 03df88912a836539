// Five wrong passwords block the account: even the right password is then refused as blocked.
import { LOCKOUT_THRESHOLD } from '../../../src/domain/constants';
import { LOGIN_BLOCKED, MESSAGES } from '../../../src/domain/auth';
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
        const reply = (await (await submitPassword(page, support, `${support.password}-wrong`)).json()) as {
          status: boolean;
          msg: unknown;
        };
        check(reply.status === false, `a wrong password is refused (reply ${JSON.stringify(reply)})`);
        // The failure that reaches the threshold may already answer 'blocked'; the ones before must not.
        const blocked = reply.msg === LOGIN_BLOCKED;
        check(!blocked || attempt === LOCKOUT_THRESHOLD, `blocked after only ${attempt} failures`);
        await page.getByText(blocked ? MESSAGES.blocked : MESSAGES.badCredentials, { exact: true }).waitFor();
        check((await form.otpHeading.count()) === 0, 'no OTP box after a wrong password');
      });
    }
    await t.step('the right password now: Account is blocked.', async () => {
      const reply = (await (await submitPassword(page, support)).json()) as { status: boolean; msg: unknown };
      check(
        reply.status === false && reply.msg === LOGIN_BLOCKED,
        `the right password is refused as blocked (reply ${JSON.stringify(reply)})`,
      );
      await page.getByText(MESSAGES.blocked, { exact: true }).waitFor();
      check((await form.otpHeading.count()) === 0, 'a blocked account gets no OTP box');
    });
  },
};
