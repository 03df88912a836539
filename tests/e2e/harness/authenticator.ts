// An authenticator app for one account: codes from the setup key shown at activation.
// The server accepts one 30-s step of drift either way but never the same step twice, so each
// sign-in takes a step later than the last one used, waiting for the clock when it has to.
import * as OTPAuth from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_S } from '../../../src/domain/constants';

const PERIOD_MS = TOTP_PERIOD_S * 1000;

export class Authenticator {
  private readonly totp: OTPAuth.TOTP;
  private lastStep = -Infinity;

  constructor(readonly key: string) {
    this.totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(key.replace(/\s+/g, '')),
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
      algorithm: 'SHA1',
    });
  }

  /** A code for a step not used before: the current one, or the next (within the drift window). */
  async nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const current = Math.floor(now / PERIOD_MS);
      const step = Math.max(current, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return this.totp.generate({ timestamp: step * PERIOD_MS });
      }
      // Two steps ahead would fall outside the window: wait until the clock moves on.
      await sleep((step - 1) * PERIOD_MS - now + 250);
    }
  }

  /** A code that is certainly wrong now (for negative paths). */
  wrongCode(): string {
    const now = Date.now();
    const valid = new Set([-1, 0, 1].map((d) => this.totp.generate({ timestamp: now + d * PERIOD_MS })));
    for (let n = 0; ; n++) {
      const code = String(n).padStart(TOTP_DIGITS, '0');
      if (!valid.has(code)) return code;
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
